/// The outline of one shape of a logo, as absolute moves, lines, cubic curves and closes: what an SVG path's data
/// means once relative, shorthand, quadratic and arc commands are resolved (`LogoPath+Parsing.swift`). Both
/// renderers draw from it, so the SVG and the PNG show the same logo, and no markup of the source is ever copied.
public struct LogoPath: Sendable, Hashable {
    /// A point in the logo's own coordinates (its `viewBox`).
    public struct Point: Sendable, Hashable {
        public var x: Double
        public var y: Double

        public init(_ x: Double, _ y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// One step of the outline.
    public enum Command: Sendable, Hashable {
        case move(Point)
        case line(Point)
        case curve(Point, Point, Point)
        case close
    }

    public var commands: [Command] = []

    public init(_ commands: [Command] = []) { self.commands = commands }

    /// The path with every point mapped by `transform` (a logo placed in a badge).
    func mapped(_ transform: LogoTransform) -> LogoPath {
        LogoPath(
            commands.map { command in
                switch command {
                case .move(let p): .move(transform.apply(p))
                case .line(let p): .line(transform.apply(p))
                case .curve(let a, let b, let c): .curve(transform.apply(a), transform.apply(b), transform.apply(c))
                case .close: .close
                }
            })
    }
}

/// A scale then a move: how a logo's `viewBox` is fitted into the box it is drawn in.
struct LogoTransform: Sendable, Hashable {
    var scale: Double
    var dx: Double
    var dy: Double

    func apply(_ p: LogoPath.Point) -> LogoPath.Point { LogoPath.Point(p.x * scale + dx, p.y * scale + dy) }
}
