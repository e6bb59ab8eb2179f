import Foundation
import Testing

@testable import RingKit

/// SVG path data as `LogoPath` reads it: every command resolved into absolute moves, lines and cubic curves.
struct LogoPathTests {
    private typealias P = LogoPath.Point

    /// Relative and absolute commands, implicit repeats after a move, and the shorthands H, V and S.
    @Test func relativeAndShorthandCommandsBecomeAbsolute() throws {
        let path = try LogoPath(parsing: "m1 2 3 4h5v-1H0V0zM10 10s1 1 2 0")
        #expect(
            path.commands == [
                .move(P(1, 2)), .line(P(4, 6)), .line(P(9, 6)), .line(P(9, 5)), .line(P(0, 5)), .line(P(0, 0)),
                .close, .move(P(10, 10)), .curve(P(10, 10), P(11, 11), P(12, 10)),
            ])
    }

    /// SVG's compact number forms: `.5.5` is two numbers, a sign starts a new one, exponents, arc flags with no
    /// separators.
    @Test func compactNumbersAreRead() throws {
        let path = try LogoPath(parsing: "M.5.5-1e1,2E-1L1-1")
        #expect(path.commands == [.move(P(0.5, 0.5)), .line(P(-10, 0.2)), .line(P(1, -1))])
        let arc = try LogoPath(parsing: "M0 0a5 5 0 015 5")
        #expect(arc.commands.count >= 2)
        guard case .curve(_, _, let end) = arc.commands.last else {
            Issue.record("the arc is not a curve")
            return
        }
        #expect(end == P(5, 5))
    }

    /// A half circle as an arc ends where it should and passes through the far point of the circle.
    @Test func arcsFollowTheEllipse() throws {
        let path = try LogoPath(parsing: "M0 0A1 1 0 0 1 2 0")
        #expect(path.commands.count == 3)
        guard case .curve(_, _, let middle) = path.commands[1], case .curve(_, _, let end) = path.commands[2] else {
            Issue.record("no curves")
            return
        }
        #expect(abs(middle.x - 1) < 1e-9 && abs(abs(middle.y) - 1) < 1e-9)
        #expect(end == P(2, 0))
    }

    /// A quadratic curve becomes the cubic curve it is (control points at two thirds).
    @Test func quadraticsBecomeCubics() throws {
        let path = try LogoPath(parsing: "M0 0Q3 3 6 0T12 0")
        #expect(path.commands[1] == .curve(P(2, 2), P(4, 2), P(6, 0)))
        #expect(path.commands[2] == .curve(P(8, -2), P(10, -2), P(12, 0)))
    }

    /// Data a renderer cannot read is refused with what is wrong, never drawn in part.
    @Test(arguments: [
        ("L1 1", "does not start with a move"),
        ("1 1", "does not start with a move"),
        ("M1", "ends inside a command"),
        ("M1 1 L", "ends inside a command"),
        ("M1 1X2 2", "unknown command"),
        ("M1 1z 2 2", "after a Z"),
        ("M1 1L2M3 3", "short of numbers"),
        ("M1e999 1", "out of range"),
        ("M0 0a1 1 0 2 1 1 1", "arc flag"),
    ])
    func badDataIsRefused(_ data: String, _ reason: String) {
        #expect {
            try LogoPath(parsing: data)
        } throws: { error in
            (error as? LogoError)?.reason.contains(reason) == true
        }
    }

    /// Every installed Simple Icon parses (the catalog is what `make deps` installs).
    @Test func everyNamedLogoParses() throws {
        let catalog = LogoCatalog()
        let count = try catalog.load(directory: LogoCatalog.defaultDirectory)
        #expect(count > 3000)
        let index = try String(contentsOfFile: LogoCatalog.defaultDirectory + "/index.tsv", encoding: .utf8)
        let slugs = index.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(slugs.count == count)
        for slug in slugs {
            let logo = try catalog.logo(named: slug)
            #expect(logo.shapes.count == 1 && !logo.shapes[0].path.commands.isEmpty, "\(slug)")
        }
    }

    /// An empty directory is no named logos: not an error, not a fall-back to the default directory.
    @Test func anEmptyDirectoryTurnsNamedLogosOff() throws {
        let catalog = LogoCatalog()
        #expect(try catalog.load(directory: "") == 0)
        #expect(!catalog.contains("github") && catalog.count == 0)
        #expect {
            try catalog.logo(named: "github")
        } throws: { error in
            (error as? LogoError)?.reason.hasPrefix("cannot be drawn: named logos are off (logoDirectory is empty)")
                == true
        }
    }
}
