import Foundation
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

/// Sparklines with hostile values: every parameter `/spark.svg` and `/spark.png` read given the sweep's garbage,
/// hostile `points` lists (too many, not finite, empty items, up to the request line's limit, NUL bytes), `window`
/// garbage and bad or missing `value=@name` on a server that stores values, and `points` beside a stored name. Each
/// answer is the documented one (a 200 sparkline, or a 400 error image whose `X-Error` names the parameter, the bad
/// value and what is accepted), never a 500, a crash or a hang. Checked with the bar sweep's `problems`.
@Suite(.serialized, .timeLimit(.minutes(2)))
final class BadInputSparkSweepTests {
    static let service = makeService()
    static let token = "pr_test-token-for-spark-sweep"
    let folder = NSTemporaryDirectory() + "/spark-sweep-\(UUID().uuidString)"
    /// A server that stores values, with `coverage` pushed: the stored sparkline's parameters are checked there.
    let stored: RingService

    init() throws {
        stored = try makeStoredService(folder: folder, token: Self.token)
        for value in ["3", "5", "4"] {
            #expect(stored.push("coverage", value, token: Self.token).status.code == 200)
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// What a refusal of each of the sparkline's own parameters says is accepted (nil: the shared ones, whose
    /// accepted ranges the ring's sweep checks).
    static func accepted(_ parameter: String) -> String? {
        switch parameter {
        case "points": "1…512 finite decimals"
        case "width": "16…1024"
        case "height": "8…256"
        case "fill": "area, none"
        case "window": "1h…400d"
        default: nil
        }
    }

    /// The parameters a sparkline reads: the ring's it shares, its own, and `window`, which the service reads.
    static let parameters = ImageParameter.names(readBy: .spark) + ["window"]

    @Test(arguments: parameters)
    func everyHostileValueOfASparkParameterGetsASparklineOrAnErrorNamingIt(parameter: String) async throws {
        // The points themselves are swept alone; every other parameter beside a good line.
        let base = parameter == "points" ? "" : "points=3,5,4,8&"
        let found = try await onOwnThread {
            BadInputSweepTests.hostileValues.flatMap { value in
                ["svg", "png"].flatMap { format in
                    // PNG is the costly path: the boundary and encoding values only.
                    guard format == "svg" || value.count < 40 else { return [String]() }
                    let target = "/spark.\(format)?\(base)\(parameter)=\(value)"
                    return BadInputBarSweepTests.problems(
                        Self.service.get(target), target: target, format: format == "svg" ? .svg : .png,
                        blame: parameter, range: Self.accepted(parameter))
                }
            }
        }
        #expect(found.isEmpty, "\(found.prefix(10))")
    }

    static let tooMany = Array(repeating: "1", count: SparkSpec.Limits.points + 1).joined(separator: ",")
    static let most = Array(repeating: "1", count: SparkSpec.Limits.points).joined(separator: ",")

    /// Lists that are not 1…512 finite numbers, each refused by `points` with the list, the item and what is
    /// accepted, in both formats; the longest list allowed and odd but valid spellings are drawn.
    @Test(arguments: [
        (tooMany, "lists 513 numbers (accepted: 1…512 finite decimals"),
        ("1e999", "points: 1e999 is not a finite number (accepted: 1…512 finite decimals"),
        ("3,-1e999", "has -1e999, which is not a finite number (accepted: 1…512"),
        ("nan", "points: \"nan\" is not a number (accepted: 1…512"),
        ("1,NaN,2", "has \"NaN\", which is not a number (accepted: 1…512"),
        ("inf", "points: \"inf\" is not a number (accepted: 1…512"),
        ("", "points: \"\" is not a number (accepted: 1…512"),
        ("1,,2", "\"1,,2\" has \"\", which is not a number (accepted: 1…512"),
        (",", "\",\" has \"\", which is not a number (accepted: 1…512"),
        ("1,", "\"1,\" has \"\", which is not a number (accepted: 1…512"),
        (",1", "\",1\" has \"\", which is not a number (accepted: 1…512"),
        ("%00", "points: \"\\u{0}\" is not a number (accepted: 1…512"),
        ("1%002", "points: \"1\\u{0}2\" is not a number (accepted: 1…512"),
        ("1%2C2,3", ""),  // an escaped comma is a comma: drawn
        ("1;2", "points: \"1;2\" is not a number (accepted: 1…512"),
        ("1%202", "points: \"1 2\" is not a number (accepted: 1…512"),
        ("0x10", "points: \"0x10\" is not a number (accepted: 1…512"),
        (String(repeating: "9", count: 8000), "is not a finite number (accepted: 1…512"),
        (Array(repeating: "1", count: 3000).joined(separator: ","), "lists 3000 numbers (accepted: 1…512"),
        (String(repeating: "%F0%9F%94%A5", count: 600), "is not a number (accepted: 1…512"),
        (most, ""), ("-0,0,1e308,-1e308", ""), ("4.9e-324,1e-400", ""), ("00000000000000000001", ""),
    ])
    func hostilePointsListsAreRefusedByPointsWithWhatIsAccepted(points: String, expected: String) async throws {
        for format in [ImageFormat.svg, .png] {
            let target = "/spark.\(format == .svg ? "svg" : "png")?points=\(points)"
            let response = try await onOwnThread { Self.service.get(target) }
            let drawn = expected.isEmpty
            #expect(
                BadInputBarSweepTests.problems(
                    response, target: target, format: format, blame: drawn ? nil : "points") == [])
            #expect(response.status == (drawn ? .ok : .badRequest), "\(response.header("X-Error") ?? "")")
            if !drawn {
                let message = response.header("X-Error") ?? ""
                let wanted = expected.replacingOccurrences(of: "…", with: "...")
                #expect(message.hasPrefix("points: ") && message.contains(wanted), "\(message)")
            }
        }
    }

    /// A sparkline at the pixel cap is drawn whole; one side × scale over it is refused by `scale` within the cap.
    @Test(arguments: [
        ("width=1024&height=256&scale=2", 2048, 512, true), ("width=16&height=8&scale=4", 64, 32, true),
        ("width=1024&height=256&scale=3", 0, 0, false), ("width=683&scale=3", 0, 0, false),
        ("height=256&scale=4&width=512", 2048, 1024, true), ("height=256&scale=4&width=513", 0, 0, false),
    ])
    func sparklinesAtThePixelCapAreDrawnOrRefusedWithinIt(
        query: String, wide: Int, high: Int, drawn: Bool
    )
        async throws
    {
        let target = "/spark.png?points=3,5,4,8&" + query
        let response = try await onOwnThread { Self.service.get(target) }
        #expect(
            BadInputBarSweepTests.problems(response, target: target, format: .png, blame: drawn ? nil : "scale") == [])
        #expect(response.status == (drawn ? .ok : .badRequest), "\(response.header("X-Error") ?? "")")
        let png = try #require(DecodedPNG(response.body))
        if drawn {
            #expect(png.width == wide && png.height == high)
        } else {
            #expect(response.header("X-Error")?.contains("scale must be at most 2048") == true)
        }
    }

    /// `window` garbage on a stored sparkline: drawn, or refused by `window` with 1h…400d; on a sparkline of points
    /// `window` has no history to choose and is not read.
    @Test func hostileWindowsOfAStoredSparklineAreDrawnOrRefusedByWindow() async throws {
        let stored = stored
        let found = try await onOwnThread {
            BadInputSweepTests.hostileValues.flatMap { value in
                let target = "/spark.svg?value=@coverage&window=\(value)"
                return BadInputBarSweepTests.problems(
                    stored.get(target), target: target, format: .svg, blame: "window", range: "1h…400d")
            }
        }
        #expect(found.isEmpty, "\(found.prefix(10))")
        for (window, drawn) in [("1h", true), ("400d", true), ("59m", false), ("401d", false), ("30D", false)] {
            let response = stored.get("/spark.svg?value=@coverage&window=\(window)")
            #expect(response.status == (drawn ? .ok : .badRequest), "\(window)")
        }
    }

    /// Every hostile value made a name (`value=@…`), and names that break the rules, are missing or are more than
    /// one: each refused by `value`, on a server that stores values and on one that does not.
    @Test func badAndMissingStoredNamesAreRefusedByValue() async throws {
        let names =
            BadInputSweepTests.hostileValues.map { "%40" + $0 } + [
                "@", "@@coverage", "@COVERAGE", "@coverage%00", "@%00", "@" + String(repeating: "a", count: 65),
                "@..", "@a%2Fb", "@nothing", "@coverage,@coverage", "@coverage,3", "3,@coverage", "@coverage,",
                "@coverage%20", "@cover%C3%A4ge",
            ]
        let services = [stored, Self.service]
        let found = try await onOwnThread {
            names.flatMap { name in
                services.flatMap { service in
                    ["svg", "png"].flatMap { format in
                        guard format == "svg" || name.count < 40 else { return [String]() }
                        let target = "/spark.\(format)?value=\(name)"
                        let response = service.get(target)
                        var found = BadInputBarSweepTests.problems(
                            response, target: target, format: format == "svg" ? .svg : .png, blame: "value")
                        if response.status != .badRequest { found.append("\(response.status.code) for \(target)") }
                        return found
                    }
                }
            }
        }
        #expect(found.isEmpty, "\(found.prefix(10))")
        let messages = [
            ("@", "value: \"@\" names no stored value: the name is empty (accepted: 1...64 of a-z 0-9 . _ -)"),
            (
                "@" + String(repeating: "a", count: 65),
                "value: \"@aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...\" names no stored value: the name is longer "
                    + "than 64 characters (accepted: 1...64 of a-z 0-9 . _ -)"
            ),
            ("@nothing", "value: \"@nothing\" names no stored value (push one with PUT /values/nothing)"),
        ]
        for (name, expected) in messages {
            #expect(stored.get("/spark.svg?value=\(name)").header("X-Error") == expected)
        }
    }

    /// `points` beside a stored name, whatever the points: refused by `points`, which the history would replace.
    @Test func pointsBesideAStoredNameAreRefusedByPoints() async throws {
        let stored = stored
        let values = BadInputSweepTests.hostileValues + ["3,5,4", Self.tooMany, "1,,2", "1e999"]
        let found = try await onOwnThread {
            values.flatMap { value in
                ["value=@coverage&points=\(value)", "points=\(value)&value=@coverage"].flatMap { query in
                    let target = "/spark.svg?" + query
                    let response = stored.get(target)
                    var found = BadInputBarSweepTests.problems(response, target: target, format: .svg, blame: "points")
                    if response.header("X-Error")?.contains("cannot be given with value=@coverage") != true {
                        found.append("\(response.header("X-Error") ?? "no X-Error") for \(target.prefix(200))")
                    }
                    return found
                }
            }
        }
        #expect(found.isEmpty, "\(found.prefix(10))")
    }
}
