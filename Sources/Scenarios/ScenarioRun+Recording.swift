import Exports

extension ScenarioRun {
    /// With `--record`, the screen as this line left it (a line that failed too: its screen is
    /// what shows why). The recorder keeps it only if it changed, each kept frame half a second
    /// on the paced clock, so a line that changes nothing on screen costs the viewer no time.
    func recordScreen() {
        guard let recorder = options.recorder, let program else { return }
        recorder.record(program.draw())
    }
}
