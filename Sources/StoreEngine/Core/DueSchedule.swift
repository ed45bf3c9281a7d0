/// What falls due on the simulated calendar, as the store holds it: the agenda (the paths'
/// work, each subscription's next step) and the kept rows that could not be read back, already
/// logged once this run. Written to and read back from the ledger by `Store+DueWork.swift`.
struct DueSchedule {
    var agenda = Agenda()
    /// Kept rows of due work that could not be read back, already logged: once a run is enough.
    var unreadable: Set<Int64> = []
    /// Outbox rows handed to the host and not yet answered: not handed over again until their
    /// attempt is recorded (a relaunch hands them over again, since the answer may never come).
    var deliveriesInFlight: Set<Int64> = []
}
