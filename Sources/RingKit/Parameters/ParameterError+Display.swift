import MessageText

extension ParameterError {
    /// How many characters of a value a message shows before it cuts the rest to `…`.
    public static let shownLength = MessageText.shownLength

    /// `text` made safe to put in a header, a log line and an image (`MessageText.shown`).
    public static func shown(_ text: some StringProtocol) -> String { MessageText.shown(text) }

    /// `shown(text)` in double quotes, with `"` inside escaped as `\"`: the form for text that is not a number,
    /// e.g. `color: "purplish" is not a color`.
    public static func quoted(_ text: some StringProtocol) -> String { MessageText.quoted(text) }
}
