import FoundationEssentials

extension CustomLogoWalk {
    /// The outline of a shape element in its own coordinates: `path`'s data, or the path SVG defines for the
    /// basic shapes (a rectangle with rounded corners, a circle and an ellipse as arcs, lines and polygons).
    static func path(of element: String, _ a: [String: String]) throws(LogoError) -> LogoPath {
        func value(_ name: String, default fallback: Double = 0) throws(LogoError) -> Double {
            guard let text = a[name] else { return fallback }
            return try length(text, of: name)
        }
        let data: String
        switch element {
        case "path":
            data = a["d"] ?? ""
        case "rect":
            let (x, y, w, h) = (try value("x"), try value("y"), try value("width"), try value("height"))
            guard w > 0, h > 0 else { return LogoPath() }
            var rx = a["rx"] == nil ? nil : try value("rx")
            var ry = a["ry"] == nil ? nil : try value("ry")
            rx = rx ?? ry
            ry = ry ?? rx
            let r = (min(max(rx ?? 0, 0), w / 2), min(max(ry ?? 0, 0), h / 2))
            if r.0 > 0 && r.1 > 0 {
                data =
                    "M\(x + r.0) \(y)H\(x + w - r.0)A\(r.0) \(r.1) 0 0 1 \(x + w) \(y + r.1)V\(y + h - r.1)"
                    + "A\(r.0) \(r.1) 0 0 1 \(x + w - r.0) \(y + h)H\(x + r.0)A\(r.0) \(r.1) 0 0 1 \(x) \(y + h - r.1)"
                    + "V\(y + r.1)A\(r.0) \(r.1) 0 0 1 \(x + r.0) \(y)Z"
            } else {
                data = "M\(x) \(y)H\(x + w)V\(y + h)H\(x)Z"
            }
        case "circle", "ellipse":
            let (cx, cy) = (try value("cx"), try value("cy"))
            let rx = element == "circle" ? try value("r") : try value("rx")
            let ry = element == "circle" ? rx : try value("ry")
            guard rx > 0, ry > 0 else { return LogoPath() }
            data = "M\(cx - rx) \(cy)A\(rx) \(ry) 0 1 0 \(cx + rx) \(cy)A\(rx) \(ry) 0 1 0 \(cx - rx) \(cy)Z"
        case "line":
            data = "M\(try value("x1")) \(try value("y1"))L\(try value("x2")) \(try value("y2"))"
        default:
            // polygon, polyline
            let points = try numbers(a["points"] ?? "", of: "points")
            guard points.count >= 4 else { return LogoPath() }
            var text = "M\(points[0]) \(points[1])"
            for i in stride(from: 2, to: points.count - 1, by: 2) { text += "L\(points[i]) \(points[i + 1])" }
            data = element == "polygon" ? text + "Z" : text
        }
        do {
            return try LogoPath(parsing: data)
        } catch {
            throw LogoError("has <\(element)> whose \(error.reason)")
        }
    }

    /// A plain number (`0.5`, `-3e2`).
    static func number(_ text: String, of attribute: String) throws(LogoError) -> Double {
        guard let n = Double(text.trimmingSpaces), n.isFinite, abs(n) < 1e9 else {
            throw LogoError("has \(attribute)=\(ParameterError.quoted(text)), which is not a number")
        }
        return n
    }

    /// A length in user units: a number, optionally in `px`.
    static func length(_ text: String, of attribute: String) throws(LogoError) -> Double {
        var trimmed = text.trimmingSpaces
        if trimmed.hasSuffix("px") { trimmed = trimmed.dropLast(2) }
        return try number(String(trimmed), of: attribute)
    }

    /// Numbers separated by white space or commas (`viewBox`, `points`).
    static func numbers(_ text: String, of attribute: String) throws(LogoError) -> [Double] {
        var out: [Double] = []
        for piece in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            out.append(try number(String(piece), of: attribute))
            guard out.count <= LogoPath.maxNumbers else {
                throw LogoError("has more than \(LogoPath.maxNumbers) numbers in \(attribute)")
            }
        }
        return out
    }
}
