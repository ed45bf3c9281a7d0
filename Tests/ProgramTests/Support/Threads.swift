/// Hands a value that is not `Sendable` to one other thread. Safe only as these tests use it:
/// the test thread does not touch the value again until that thread has signalled that it is
/// done with it. `@unchecked`, as that signal is a semaphore the compiler cannot follow: a
/// `Mutex` would take the value for good, and the tests read the program again after its run.
final class HandOver<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
