/// `d` or `--device`: the screen the paywall is judged on. `full` gives it the terminal's
/// width; `phone` and `tablet` draw it at that device's width in a rounded frame, with the live
/// panes beside it when there is room, the way a designer holds a paywall next to its notes.
public enum Device: String, Sendable, CaseIterable {
    case full, phone, tablet

    /// The frame's width, border included, or nil for the terminal's: a phone's 42 columns of
    /// content (a 390-point screen at about 9 points a column) and a tablet's 76.
    public var frameWidth: Int? {
        switch self {
        case .full: return nil
        case .phone: return 46
        case .tablet: return 80
        }
    }

    /// The next device `d` shows: full, phone, tablet, then full again.
    public var next: Device {
        switch self {
        case .full: return .phone
        case .phone: return .tablet
        case .tablet: return .full
        }
    }
}
