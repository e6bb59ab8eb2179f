extension ParameterReader {
    /// `logo`: a Simple Icons slug (any case; spaces read as dashes, as shields.io reads them), or a custom logo
    /// `data:image/svg+xml;base64,…` (`CustomLogo`). `nil` when absent.
    func logo() throws(ParameterError) -> Logo? {
        guard let text = try parameters.value("logo") else { return nil }
        if text.hasPrefix("data:") {
            // A `+` of base64 arrives as a space when the URL did not encode it; shields.io reads it back too.
            let data =
                text.utf8.contains(UInt8(ascii: " "))
                ? String(decoding: text.utf8.map { $0 == UInt8(ascii: " ") ? UInt8(ascii: "+") : $0 }, as: UTF8.self)
                : text
            do {
                return try CustomLogo.parse(dataURI: data)
            } catch {
                throw ParameterError(parameter: "logo", value: ParameterError.quoted(data), reason: error.reason)
            }
        }
        let slug = String(text.lowercased().map { $0 == " " ? "-" : $0 })
        guard LogoCatalog.isSlug(slug) else {
            throw ParameterError(
                parameter: "logo", value: ParameterError.quoted(text),
                reason: "is not a Simple Icons slug (the slugs are listed at \(LogoCatalog.slugsAt)) "
                    + "nor a data:image/svg+xml;base64 logo")
        }
        do {
            return try LogoCatalog.shared.logo(named: slug)
        } catch {
            throw ParameterError(parameter: "logo", value: ParameterError.quoted(text), reason: error.reason)
        }
    }
}
