import Foundation

/// The SVG's text with the image's name prefix (`pr-3f2a9c1d-`) taken out of every class and keyframe name, so a
/// test names them as the renderers' code does (`.p`, `class="t"`); `UniqueNamesTests` checks the prefix itself.
func unscopedText(_ svg: [UInt8]) -> String {
    let text = String(decoding: svg, as: UTF8.self)
    guard let range = text.range(of: #"pr-[0-9a-f]{8}-"#, options: .regularExpression) else { return text }
    return text.replacingOccurrences(of: String(text[range]), with: "")
}
