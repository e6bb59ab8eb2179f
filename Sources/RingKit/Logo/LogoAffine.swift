import FoundationEssentials
import Glibc

/// An SVG `transform`: the matrix `a b c d e f` that maps (x, y) to (a x + c y + e, b x + d y + f).
struct LogoAffine: Sendable, Hashable {
    var a = 1.0
    var b = 0.0
    var c = 0.0
    var d = 1.0
    var e = 0.0
    var f = 0.0

    static let identity = LogoAffine()

    func apply(_ p: LogoPath.Point) -> LogoPath.Point {
        LogoPath.Point(a * p.x + c * p.y + e, b * p.x + d * p.y + f)
    }

    /// This transform applied after `inner` has been (an element's own `transform` inside its parent's).
    func then(_ inner: LogoAffine) -> LogoAffine {
        LogoAffine(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b, c: a * inner.c + c * inner.d,
            d: b * inner.c + d * inner.d, e: a * inner.e + c * inner.f + e, f: b * inner.e + d * inner.f + f)
    }

    /// How much lengths grow, on average over directions (a stroke's width under the transform).
    var lengthScale: Double { abs(a * d - b * c).squareRoot() }

    /// Reads a transform list: `matrix`, `translate`, `scale`, `rotate`, `skewX`, `skewY`.
    static func parse(_ text: String) throws(LogoError) -> LogoAffine {
        var result = LogoAffine.identity
        var rest = Substring(text)
        func refuse() -> LogoError {
            LogoError("has transform=\(ParameterError.quoted(text)), which is not a transform")
        }
        while true {
            rest = rest.drop { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            if rest.isEmpty { break }
            guard let open = rest.firstIndex(of: "("), let close = rest.firstIndex(of: ")"), open < close else {
                throw refuse()
            }
            let name = String(rest[..<open]).trimmingSpaces
            let args = try CustomLogoWalk.numbers(String(rest[rest.index(after: open)..<close]), of: "transform")
            rest = rest[rest.index(after: close)...]
            let radians = (args.first ?? 0) * .pi / 180
            let step: LogoAffine
            switch (name, args.count) {
            case ("matrix", 6):
                step = LogoAffine(a: args[0], b: args[1], c: args[2], d: args[3], e: args[4], f: args[5])
            case ("translate", 1), ("translate", 2):
                step = LogoAffine(e: args[0], f: args.count == 2 ? args[1] : 0)
            case ("scale", 1), ("scale", 2):
                step = LogoAffine(a: args[0], d: args.count == 2 ? args[1] : args[0])
            case ("rotate", 1), ("rotate", 3):
                let turn = LogoAffine(a: cos(radians), b: sin(radians), c: -sin(radians), d: cos(radians))
                step =
                    args.count == 3
                    ? LogoAffine(e: args[1], f: args[2]).then(turn).then(LogoAffine(e: -args[1], f: -args[2])) : turn
            case ("skewX", 1):
                step = LogoAffine(c: tan(radians))
            case ("skewY", 1):
                step = LogoAffine(b: tan(radians))
            default:
                throw refuse()
            }
            result = result.then(step)
        }
        guard [result.a, result.b, result.c, result.d, result.e, result.f].allSatisfy(\.isFinite) else {
            throw refuse()
        }
        return result
    }
}

extension LogoPath {
    /// The path with every point mapped by an SVG transform.
    func mapped(_ t: LogoAffine) -> LogoPath {
        if t == .identity { return self }
        return LogoPath(
            commands.map { command in
                switch command {
                case .move(let p): .move(t.apply(p))
                case .line(let p): .line(t.apply(p))
                case .curve(let p, let q, let r): .curve(t.apply(p), t.apply(q), t.apply(r))
                case .close: .close
                }
            })
    }
}
