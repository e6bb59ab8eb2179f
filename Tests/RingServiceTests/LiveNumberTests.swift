import Foundation
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

/// Every finite double a JSON document or a Prometheus answer can hold draws, as the image of that value written in
/// the URL: the number read stays a number into the spec, never text decoded again as a query.
@Suite(.serialized)
final class LiveNumberTests {
    let fixture: FixtureServer

    init() throws {
        fixture = try FixtureServer()
    }

    deinit { fixture.stop() }

    /// The ends of the doubles, the numbers of the report (`1e16`, an integer past 2⁵³, `1e300`) and the places
    /// where a writer switches between plain and exponent notation.
    static let extremes: [Double] = [
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        .leastNormalMagnitude, -.leastNormalMagnitude, .leastNormalMagnitude.nextDown, 0, -0.0, 1e16,
        123_456_789_012_345_678, 1e300, -1e300, 1e21, 1e15, 999_999_999_999_999.9, 1e-6, 1e-7, 0.1, 99.5, 100, 9e15,
        Double(1 << 53) + 2, -7,
    ]

    /// `extremes` and `count` doubles of random bit patterns (every magnitude, subnormals included), the
    /// non-finite ones skipped.
    static func samples(count: Int, seed: UInt64 = 29) -> [Double] {
        var random = SeededRandom(seed: seed)
        var out = extremes
        while out.count < extremes.count + count {
            let number = Double(bitPattern: random.next())
            if number.isFinite { out.append(number) }
        }
        return out
    }

    /// A value as Prometheus writes a sample (Go's `strconv.FormatFloat` with `'f'`, or `'e'` at 10²¹ and more
    /// and under 10⁻⁶): `10000000000000000`, `1e+21`, `5e-324`.
    static func prometheusText(_ number: Double) -> String {
        let magnitude = abs(number)
        let text = number.description
        guard magnitude != 0, magnitude >= 1e-6, magnitude < 1e21,
            let e = text.firstIndex(where: { $0 == "e" }), let exponent = Int(text[text.index(after: e)...])
        else { return number == 0 ? (number.sign == .minus ? "-0" : "0") : text }
        let negative = number < 0
        let mantissa = text[..<e].drop { $0 == "-" }
        let digits = mantissa.filter { $0 != "." }
        let point =
            (mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? 1)
            + exponent
        let plain: String
        if point <= 0 {
            plain = "0." + String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            plain = digits + String(repeating: "0", count: point - digits.count)
        } else {
            plain = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
        }
        return (negative ? "-" : "") + plain
    }

    /// A Prometheus API answer holding `text` as its one sample, as a one-element vector or as a scalar.
    static func prometheusAnswer(_ text: String, scalar: Bool) -> String {
        scalar
            ? FixtureServer.scalar(text, at: "1700000000.123")
            : #"{"status":"success","data":{"resultType":"vector","result":[{"metric":{"job":"x"},"#
                + #""value":[1700000000.123,"\#(text)"]}]}}"#
    }

    func service() throws -> RingService {
        try makeLiveService(fixture) {
            $0.live.prometheusServers = [.init(name: "main", url: fixture.url("prom"))]
            // The fixture answers each PromQL text with its own document.
            $0.live.promQL = .any
        }
    }

    /// The value as the URL writes it: its shortest text, `+` dropped (in a query it is a space).
    static func urlText(_ number: Double) -> String { number.description.replacingOccurrences(of: "+", with: "") }

    /// What is wrong with the live image at `live` against the same image with `number` in the URL.
    static func problems(_ service: RingService, live: String, number: Double, route: String) -> [String] {
        let answer = service.get(live)
        let written = service.get("\(route)\(route.contains("?") ? "&" : "?")value=\(urlText(number))")
        var found: [String] = []
        if answer.status != .ok {
            found.append("\(number) at \(live): \(answer.status.code) \(answer.header("X-Error") ?? "")")
        }
        if written.status != .ok { found.append("\(number) in the URL: \(written.header("X-Error") ?? "")") }
        if answer.status == .ok && answer.body != written.body { found.append("\(number) at \(live) draws otherwise") }
        return found
    }

    @Test func everyFiniteDoubleOfAJSONDocumentDrawsAsTheSameValueInTheURL() async throws {
        let service = try service()
        let numbers = Self.samples(count: 300)
        let fixture = fixture
        let found = try await onOwnThread {
            try numbers.enumerated().flatMap { index, number -> [String] in
                // Swift's shortest text is JSON's number grammar: `1e+16`, `5e-324`, `-0.0`.
                try fixture.write("n\(index).json", #"{"v": \#(number.description)}"#)
                let url = QueryParameters.encode(fixture.url("n\(index).json"))
                var found = Self.problems(
                    service, live: "/ring.svg?url=\(url)&query=v", number: number, route: "/ring.svg")
                if index % 8 == 0 {
                    found += Self.problems(
                        service, live: "/bar.png?url=\(url)&query=v&label=%7Bvalue%7D", number: number,
                        route: "/bar.png?label=%7Bvalue%7D")
                    found += Self.problems(
                        service, live: "/badge.svg?url=\(url)&query=v", number: number, route: "/badge.svg")
                    found += Self.problems(
                        service, live: "/ring.png?url=\(url)&query=v&label=%7Bvalue%7D&size=256", number: number,
                        route: "/ring.png?label=%7Bvalue%7D&size=256")
                }
                return found
            }
        }
        #expect(found.isEmpty, "\(found.count) of \(numbers.count): \(found.prefix(8))")
    }

    @Test func everyFiniteDoubleOfAPrometheusAnswerDrawsAsTheSameValueInTheURL() async throws {
        let service = try service()
        let numbers = Self.samples(count: 300, seed: 1029)
        let fixture = fixture
        let found = try await onOwnThread {
            try numbers.enumerated().flatMap { index, number -> [String] in
                try fixture.write(
                    "p\(index)", Self.prometheusAnswer(Self.prometheusText(number), scalar: index % 2 == 1))
                var found = Self.problems(
                    service, live: "/ring.svg?prometheus=p\(index)", number: number, route: "/ring.svg")
                if index % 8 == 0 {
                    found += Self.problems(
                        service, live: "/bar.svg?prometheus=p\(index)&label=%7Bvalue%7D", number: number,
                        route: "/bar.svg?label=%7Bvalue%7D")
                }
                return found
            }
        }
        #expect(found.isEmpty, "\(found.count) of \(numbers.count): \(found.prefix(8))")
    }

    /// The texts of the report, as a Prometheus answer and as a JSON string, each drawn.
    @Test(arguments: ["1e16", "1E+16", "123456789012345678", "1e300", "-0", "+5", "1.7976931348623157e+308"])
    func aNumberWrittenInAnyNotationDraws(text: String) throws {
        let service = try service()
        let name = "t" + text.utf8.map { String($0) }.joined(separator: "-")
        try fixture.write(name, Self.prometheusAnswer(text, scalar: false))
        try fixture.write(name + ".json", #"{"v": "\#(text)"}"#)
        let number = try #require(Double(text))
        let url = QueryParameters.encode(fixture.url(name + ".json"))
        let found =
            Self.problems(service, live: "/ring.svg?prometheus=\(name)", number: number, route: "/ring.svg")
            + Self.problems(service, live: "/ring.svg?url=\(url)&query=v", number: number, route: "/ring.svg")
        #expect(found.isEmpty, "\(found)")
    }

    /// A max read from the document that is below min is the document's fault, named by `maxQuery`, not by a `max`
    /// nobody typed.
    @Test func aMaxReadBelowMinIsAnErrorNamingMaxQuery() throws {
        let service = try service()
        try fixture.write("below.json", #"{"done": 3, "total": -5}"#)
        let url = QueryParameters.encode(fixture.url("below.json"))
        let answer = service.get("/ring.svg?url=\(url)&query=done&maxQuery=total")
        #expect(answer.status == .badGateway)
        let message = try #require(answer.header("X-Error"))
        #expect(message.hasPrefix("maxQuery: "), "\(message)")
        #expect(message.contains("-5") && message.contains("min 0"), "\(message)")
        let far = service.get("/ring.svg?url=\(url)&query=done&maxQuery=total&min=-1.7976931348623157e308")
        #expect(far.status == .ok, "\(far.header("X-Error") ?? "")")
    }

    /// An empty sprint: done 0 of a total of 0 is an empty ring, bar or badge with its label, not an error.
    @Test func aMaxOfZeroReadForAnEmptySprintDrawsZeroOfZeroAsAnEmptyImage() throws {
        let service = try service()
        try fixture.write("sprint.json", #"{"done": 0, "total": 0}"#)
        let url = QueryParameters.encode(fixture.url("sprint.json"))
        let label = "label=%7Bvalue%7D%20of%20%7Bmax%7D"
        for route in ["/ring.png", "/ring.svg", "/bar.png", "/bar.svg"] {
            let answer = service.get("\(route)?url=\(url)&query=done&maxQuery=total&\(label)")
            #expect(answer.status == .ok, "\(route): \(answer.header("X-Error") ?? "")")
            // The image of nothing done with that label: the same bytes.
            let empty = service.get("\(route)?value=0&label=0%20of%200")
            if route.hasSuffix(".png") { #expect(answer.body == empty.body, "\(route)") }
            if route.hasSuffix(".svg") { #expect(answer.text.contains(">0 of 0<"), "\(route)") }
        }
        let badge = service.get("/badge.svg?url=\(url)&query=done&maxQuery=total")
        #expect(badge.status == .ok && badge.text.contains(">0%<"), "\(badge.header("X-Error") ?? "")")
    }
}
