import FoundationEssentials
import Glibc

extension LogoPath {
    /// The most numbers one path may hold: a named logo has a few hundred, a custom one fits in 5 KiB.
    static let maxNumbers = 20_000

    /// Reads SVG path data (`M12 .3c-6.6 0-12 5.4-12 12z`): every command of SVG 1.1, relative or absolute, numbers
    /// in any of SVG's spellings (`.5.5`, `1e-3`, arc flags without separators). Quadratic curves become the cubic
    /// curves they are; elliptical arcs become cubic curves of at most a quarter turn each.
    public init(parsing data: some StringProtocol) throws(LogoError) {
        var scanner = PathScanner(bytes: Array(data.utf8))
        var commands: [Command] = []
        var current = Point(0, 0)
        var start = Point(0, 0)
        // The second control point of the last cubic (for S) and the control point of the last quadratic (for T).
        var lastCubic: Point? = nil
        var lastQuadratic: Point? = nil
        var command: UInt8? = nil
        scanner.skipSeparators()
        while !scanner.atEnd {
            if let letter = scanner.letter() {
                guard !commands.isEmpty || letter | 0x20 == UInt8(ascii: "m") else {
                    throw LogoError("path data does not start with a move (M or m)")
                }
                command = letter
            } else if command == nil {
                throw LogoError(
                    commands.isEmpty
                        ? "path data does not start with a move (M or m)"
                        : "path data has numbers after a Z, which takes none")
            } else if command == UInt8(ascii: "M") {
                command = UInt8(ascii: "L")
            } else if command == UInt8(ascii: "m") {
                command = UInt8(ascii: "l")
            }
            guard let op = command else { break }
            let relative = op >= UInt8(ascii: "a")
            let base = relative ? current : Point(0, 0)
            func point() throws(LogoError) -> Point {
                let x = try scanner.number()
                let y = try scanner.number()
                return Point(base.x + x, base.y + y)
            }
            var cubic: Point? = nil
            var quadratic: Point? = nil
            switch op | 0x20 {
            case UInt8(ascii: "m"):
                current = try point()
                start = current
                commands.append(.move(current))
            case UInt8(ascii: "l"):
                current = try point()
                commands.append(.line(current))
            case UInt8(ascii: "h"):
                current = Point((relative ? current.x : 0) + (try scanner.number()), current.y)
                commands.append(.line(current))
            case UInt8(ascii: "v"):
                current = Point(current.x, (relative ? current.y : 0) + (try scanner.number()))
                commands.append(.line(current))
            case UInt8(ascii: "c"):
                let c1 = try point()
                let c2 = try point()
                current = try point()
                commands.append(.curve(c1, c2, current))
                cubic = c2
            case UInt8(ascii: "s"):
                let c1 = lastCubic.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
                let c2 = try point()
                current = try point()
                commands.append(.curve(c1, c2, current))
                cubic = c2
            case UInt8(ascii: "q"):
                let control = try point()
                let end = try point()
                commands.append(Self.quadratic(from: current, control: control, to: end))
                current = end
                quadratic = control
            case UInt8(ascii: "t"):
                let control = lastQuadratic.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
                let end = try point()
                commands.append(Self.quadratic(from: current, control: control, to: end))
                current = end
                quadratic = control
            case UInt8(ascii: "a"):
                let rx = try scanner.number()
                let ry = try scanner.number()
                let rotation = try scanner.number()
                let large = try scanner.flag()
                let sweep = try scanner.flag()
                let end = try point()
                commands += Self.arc(
                    from: current, to: end, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep)
                current = end
            case UInt8(ascii: "z"):
                commands.append(.close)
                current = start
                // Z takes no numbers: a number after it is an error, not a repeat.
                command = nil
            default:
                throw LogoError("path data has an unknown command \(ParameterError.quoted(String(UnicodeScalar(op))))")
            }
            lastCubic = cubic
            lastQuadratic = quadratic
            guard scanner.numbersRead <= Self.maxNumbers else {
                throw LogoError("path data has more than \(Self.maxNumbers) numbers")
            }
            scanner.skipSeparators()
        }
        self.init(commands)
    }

    private static func quadratic(from p0: Point, control q: Point, to p3: Point) -> Command {
        .curve(
            Point(p0.x + 2 / 3 * (q.x - p0.x), p0.y + 2 / 3 * (q.y - p0.y)),
            Point(p3.x + 2 / 3 * (q.x - p3.x), p3.y + 2 / 3 * (q.y - p3.y)), p3)
    }

    /// An elliptical arc as cubic curves (SVG 1.1 appendix F.6: endpoint to centre parameterization).
    private static func arc(
        from p0: Point, to p1: Point, rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool
    ) -> [Command] {
        if p0 == p1 { return [] }
        var rx = abs(rx)
        var ry = abs(ry)
        guard rx > 0, ry > 0 else { return [.line(p1)] }
        let phi = rotation * .pi / 180
        let cosPhi = cos(phi)
        let sinPhi = sin(phi)
        let dx = (p0.x - p1.x) / 2
        let dy = (p0.y - p1.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = denominator > 0 ? Swift.max(numerator / denominator, 0).squareRoot() : 0
        if large == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry
        let cy1 = -factor * ry * x1 / rx
        let cx = cosPhi * cx1 - sinPhi * cy1 + (p0.x + p1.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (p0.y + p1.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        guard delta.isFinite, cx.isFinite, cy.isFinite else { return [.line(p1)] }
        let pieces = Swift.max(1, Int((abs(delta) / (.pi / 2)).rounded(.up)))
        let step = delta / Double(pieces)
        let k = 4 / 3 * tan(step / 4)
        func onEllipse(_ t: Double) -> (Point, Point) {
            let (c, s) = (cos(t), sin(t))
            let point = Point(cx + rx * c * cosPhi - ry * s * sinPhi, cy + rx * c * sinPhi + ry * s * cosPhi)
            let tangent = Point(-rx * s * cosPhi - ry * c * sinPhi, -rx * s * sinPhi + ry * c * cosPhi)
            return (point, tangent)
        }
        var commands: [Command] = []
        var t = theta1
        var (from, fromTangent) = onEllipse(t)
        for piece in 0..<pieces {
            t += step
            var (to, toTangent) = onEllipse(t)
            if piece == pieces - 1 { to = p1 }
            commands.append(
                .curve(
                    Point(from.x + k * fromTangent.x, from.y + k * fromTangent.y),
                    Point(to.x - k * toTangent.x, to.y - k * toTangent.y), to))
            (from, fromTangent) = (to, toTangent)
        }
        return commands
    }
}

/// Reads the tokens of SVG path data, byte by byte.
private struct PathScanner {
    let bytes: [UInt8]
    var index = 0
    var numbersRead = 0

    var atEnd: Bool { index >= bytes.count }

    mutating func skipSeparators() {
        while index < bytes.count, Self.isSeparator(bytes[index]) { index += 1 }
    }

    private static func isSeparator(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0a || b == 0x0d || b == 0x0c || b == UInt8(ascii: ",")
    }

    /// A command letter, if one is next.
    mutating func letter() -> UInt8? {
        guard index < bytes.count else { return nil }
        let b = bytes[index]
        guard (b | 0x20) >= UInt8(ascii: "a"), (b | 0x20) <= UInt8(ascii: "z"), b != UInt8(ascii: "e"),
            b != UInt8(ascii: "E")
        else { return nil }
        index += 1
        return b
    }

    /// An arc flag: `0` or `1`, which need no separator after them.
    mutating func flag() throws(LogoError) -> Bool {
        skipSeparators()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            throw LogoError("path data has an arc flag that is not 0 or 1")
        }
        index += 1
        numbersRead += 1
        return bytes[index - 1] == UInt8(ascii: "1")
    }

    /// A number: an optional sign, digits with at most one point, an optional exponent; finite.
    mutating func number() throws(LogoError) -> Double {
        skipSeparators()
        let begin = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            index += 1
            digits += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                index += 1
                digits += 1
            }
        }
        guard digits > 0 else {
            throw LogoError(atEnd ? "path data ends inside a command" : "path data has a command short of numbers")
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            var probe = index + 1
            if probe < bytes.count, bytes[probe] == UInt8(ascii: "+") || bytes[probe] == UInt8(ascii: "-") {
                probe += 1
            }
            if probe < bytes.count, bytes[probe] >= 0x30, bytes[probe] <= 0x39 {
                index = probe
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            }
        }
        numbersRead += 1
        let text = String(decoding: bytes[begin..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite, abs(value) < 1e9 else {
            throw LogoError("path data has a number out of range: \(ParameterError.shown(text))")
        }
        return value
    }
}
