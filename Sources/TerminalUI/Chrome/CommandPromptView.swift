/// The `:` line drawn: what is typed, and the candidates `Tab` completes to on the row above.
public struct CommandPromptView: Widget {
    let prompt: CommandPrompt
    let vocabulary: PickerVocabulary
    let theme: Theme

    public init(_ prompt: CommandPrompt, vocabulary: PickerVocabulary, theme: Theme) {
        self.prompt = prompt
        self.vocabulary = vocabulary
        self.theme = theme
    }

    /// Rendered in the bottom line's rectangle; the candidates take the row above it.
    public func render(in area: Rect, on frame: inout Frame) {
        prompt.draw(with: vocabulary, theme: theme, on: area, into: &frame)
    }
}
