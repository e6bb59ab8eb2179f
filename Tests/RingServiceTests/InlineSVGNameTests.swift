import Foundation
import HTTPServer
import RingKit
import Testing

@testable import RingService

/// SVGs pasted inline into one page cannot reach each other or the page: every class, id and keyframe name starts
/// with the image's own prefix, and every selector of its style names only such classes.
struct InlineSVGNameTests {
    let service = makeService()

    /// The gallery's SVGs, and images it lacks: animated and themed badges, bars, rings and sparklines, and error
    /// images.
    var paths: [String] {
        GalleryPage.sections.flatMap(\.examples).map(\.path).filter { $0.contains(".svg") } + [
            "/ring.svg?value=40&animate=2&theme=auto", "/ring.svg?value=40,70&animate=2&gradient=red",
            "/bar.svg?value=40&animate=2&theme=auto", "/bar.svg?value=40,70&animate=1&gradient=green&theme=auto",
            "/badge/coverage/72.svg?theme=auto", "/ring.svg?value=nosuch", "/bar.svg?width=0",
            "/badge/coverage/x.svg?color=nosuch", "/spark.svg?points=1,3,2&theme=auto&label=auto",
            "/spark.svg?points=1,3,2&theme=auto&thresholds=50:yellow&fill=none", "/spark.svg?points=1,x",
        ]
    }

    /// The names an SVG defines or uses: class tokens, ids, keyframe names, and the classes its selectors name.
    static func names(in text: String) -> (names: Set<String>, selectors: [String]) {
        var names = Set<String>()
        for pattern in [#"class="([^"]*)""#, #"\bid="([^"]*)""#, #"@keyframes ([^{]+)\{"#] {
            let regex = try! NSRegularExpression(pattern: pattern)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let found = text[Range(match.range(at: 1), in: text)!]
                names.formUnion(found.split(separator: " ").map(String.init))
            }
        }
        var selectors: [String] = []
        if let start = text.range(of: "<style>"), let end = text.range(of: "</style>") {
            var style = String(text[start.upperBound..<end.lowerBound])
            // Keyframe blocks hold steps (`from`), not selectors.
            style = style.replacingOccurrences(
                of: #"@keyframes [^{]+\{(?:[^{}]*\{[^}]*\})*\}"#, with: "", options: .regularExpression)
            style = style.replacingOccurrences(of: #"@media \([^)]*\)\{"#, with: "", options: .regularExpression)
            let rules = try! NSRegularExpression(pattern: #"([^{}]+)\{[^}]*\}"#)
            for match in rules.matches(in: style, range: NSRange(style.startIndex..., in: style)) {
                selectors += style[Range(match.range(at: 1), in: style)!].split(separator: ",").map(String.init)
            }
        }
        return (names, selectors)
    }

    @Test func everyNameIsTheImagesOwnAndNoSelectorReachesOutside() throws {
        var owner: [String: String] = [:]
        var styled = 0
        for path in paths {
            let response = service.get(path)
            let text = response.text
            #expect(text.hasPrefix("<svg"), "\(path)")
            #expect(service.get(path).body == response.body, "\(path) draws the same bytes twice")
            let (names, selectors) = Self.names(in: text)
            guard let first = names.first else { continue }
            if !selectors.isEmpty { styled += 1 }
            let prefix = String(first.prefix(12))
            #expect(prefix.wholeMatch(of: /pr-[0-9a-f]{8}-/) != nil, "\(path): \(first)")
            for name in names {
                #expect(name.hasPrefix(prefix) && name.count > prefix.count, "\(path): \(name)")
                if let other = owner[name], other != text {
                    Issue.record("\(name) is in two different images, one of them \(path)")
                }
                owner[name] = text
            }
            for selector in selectors {
                // A class of this image and nothing else: no element, no bare class, no combinator.
                #expect(selector.wholeMatch(of: /\.pr-[0-9a-f]{8}-[a-z]+[0-9]*/) != nil, "\(path): \(selector)")
                #expect(selector.hasPrefix("." + prefix), "\(path): \(selector)")
            }
        }
        #expect(styled >= 8, "only \(styled) images with a style were checked")
    }

    /// Two images with the same names would be the same image: the prefix follows the canonical key.
    @Test func theSameImageAskedForTwoWaysHasTheSameNames() throws {
        let a = Self.names(in: service.get("/ring.svg?value=40&theme=auto").text).names
        let b = Self.names(in: service.get("/ring.svg?theme=auto&value=40.0&cacheSeconds=60").text).names
        let c = Self.names(in: service.get("/ring.svg?theme=auto&value=41").text).names
        #expect(!a.isEmpty && a == b && a.isDisjoint(with: c))
    }
}
