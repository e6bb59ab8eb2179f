import HTTPServer
import RingKit

extension GalleryPage {
    /// One image of the gallery.
    struct Example: Sendable {
        /// What the card is drawn on.
        enum Backdrop: String, Sendable {
            /// A white card: the images' default colors are drawn for a light page.
            case light
            /// A dark card, for images drawn for a dark page.
            case dark
            /// The card follows the viewer's color scheme, as a `theme=auto` SVG does: never a dark label on a dark
            /// card, or a light one on a light card.
            case scheme
        }

        /// `/ring.svg?…`, relative to this server.
        let path: String
        /// What it shows, for sighted readers and as the image's alt text.
        let caption: String
        var backdrop = Backdrop.light

        /// The request the example's URL makes and its format, or nil for a path that is no image route.
        var route: (request: Drawing.Request, format: ImageFormat)? {
            guard case .image(let request, let format, _) = ServiceRoute(HTTPRequest(method: .get, target: path))
            else { return nil }
            return (request, format)
        }

        /// Whether this build draws the example: its URL parses, and every parameter it names is one the route
        /// reads (an ignored parameter would draw another picture than the caption says).
        var drawing: Drawing? {
            guard let request = route?.request else { return nil }
            let kind = request.kind.parameterKind
            guard Self.names(in: request.query).allSatisfy({ ImageParameter.isRead($0, by: kind) }) else { return nil }
            return try? Drawing.parse(request)
        }

        /// The `<img>` size in CSS pixels: the image's own, divided by its PNG scale.
        var cssSize: (width: Int, height: Int)? { drawing?.image.cssSize }

        /// `/?kind=…`: the builder filled in to draw exactly this image: its kind, its format, and every parameter,
        /// those of a short link's path (`/ring/{value}.svg`, `/badge/{label}/{value}.svg`) written as the query
        /// parameters they stand for.
        var builderLink: String? {
            guard let (request, format) = route else { return nil }
            var parts = ["kind=\(request.kind.rawValue)"]
            if format != .svg { parts.append("format=\(format.rawValue)") }
            // In a path `+` is a plus; in a query it would be a space.
            func queryText(_ segment: String) -> String { segment.replacing("+", with: "%2B") }
            if let label = request.pathLabel {
                parts.append("label=" + queryText(BadgeSpec.underscoresAsSpaces(label)))
            }
            if let value = request.pathValue { parts.append("value=" + queryText(value)) }
            if !request.query.isEmpty { parts.append(String(request.query)) }
            return "/?" + parts.joined(separator: "&")
        }

        /// The parameter names of a query, as written (none of the gallery's names is percent-encoded).
        static func names(in query: Substring) -> [String] {
            query.split(separator: "&").map { String($0.prefix { $0 != "=" }) }
        }
    }
}
