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

    /// Every point the outline names (ends and control points), in order.
    var points: [Point] {
        commands.flatMap { command -> [Point] in
            switch command {
            case .move(let p), .line(let p): [p]
            case .curve(let a, let b, let c): [a, b, c]
            case .close: []
            }
        }
    }
}
