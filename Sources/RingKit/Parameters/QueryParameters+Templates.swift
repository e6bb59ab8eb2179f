extension Drawing.Kind {
    /// The parameters whose text is a template of the value (`{value}`, `{delta}`, `{age}`): a badge's `message`
    /// (its `label` is the left half's plain text), every other kind's `label`, and `staleLabel` on all.
    public var templateParameters: [String] { self == .badge ? ["message", "staleLabel"] : ["label", "staleLabel"] }
}

extension QueryParameters {
    /// The templates a request of `kind` gives, decoded, with the parameters that gave them; one that does not
    /// decode, or is given twice, is left out (the image's parser refuses it by name).
    public func templates(of kind: Drawing.Kind) -> [(parameter: String, text: String)] {
        kind.templateParameters.compactMap { name in
            guard let text = (try? value(name)) ?? nil, text.utf8.contains(UInt8(ascii: "{")) else { return nil }
            return (name, text)
        }
    }
}
