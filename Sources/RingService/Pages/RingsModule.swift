import HTTPServer
import RingKit

/// `/rings.js`: an ES module for pages on any site, that exports the builder's own URL writer (`ringsURL`,
/// `ringsEmbedURL`, `ringsQuery`, RingsURL.js) and defines `<progress-ring>` (RingsElement.js), whose attributes are
/// the image parameters. Its text never changes while the process runs: one `StaticPage`-like answer, with a strong
/// ETag, `no-cache` and gzip, and `Access-Control-Allow-Origin: *`, since a module is fetched with CORS.
enum RingsModule {
    /// The module's text: the parameter names (an HTML attribute's name is lower case; the element maps it back to
    /// the parameter's) and the bounds of `refresh` (outside them the element does not follow: the server refuses
    /// the value), then the embedded files.
    static var text: String {
        let names = ImageParameter.everyName.union(LiveTarget.parameters + ClockTarget.parameters).sorted()
        let refresh = ImageLimits.refresh
        return "const ringsParameterNames = [" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "];\n"
            + "const ringsRefresh = { min: \(refresh.lowerBound), max: \(refresh.upperBound) };\n" + script + "\n"
    }

    static func make() -> Representations {
        let validators: HTTPHeaders = [.cacheControl: "no-cache", .vary: "Accept-Encoding"]
        var headers: HTTPHeaders = [.contentType: "text/javascript; charset=utf-8"]
        for field in validators { headers.append(field.name, field.value) }
        headers.append(.xContentTypeOptions, "nosniff")
        headers.append(.accessControlAllowOrigin, "*")
        return Representations(
            body: Array(text.utf8), headers: headers, validators: validators, compress: true, level: 9)
    }
}
