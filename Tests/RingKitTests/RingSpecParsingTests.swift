import Testing

@testable import RingKit

/// The default ring with its defaults written out, so expectations do not depend on the parser's own resolution.
private func ring(_ change: (inout RingSpec) -> Void = { _ in }) -> RingSpec {
    var spec = RingSpec()
    spec.thickness = 13
    spec.start = 0
    change(&spec)
    return spec
}

/// What a query reads as: the canonical spec of every accepted form, the path's value, the parameters it ignores.
struct RingSpecParsingTests {
    static let accepted: [(String, RingSpec)] = [
        ("", ring()),
        ("value=72", ring { $0.reading.value = 72 }),
        ("value=72.0", ring { $0.reading.value = 72 }),
        ("value=7.2e1", ring { $0.reading.value = 72 }),
        ("value=%2B72", ring { $0.reading.value = 72 }),
        ("value=.5", ring { $0.reading.value = 0.5 }),
        ("value=1e-05", ring { $0.reading.value = 0.00001 }),
        ("value=1E-5", ring { $0.reading.value = 0.00001 }),
        ("value=150", ring { $0.reading.value = 100 }),
        ("value=-5", ring { $0.reading.value = 0 }),
        ("value=1e300", ring { $0.reading.value = 100 }),
        ("min=-50&max=50&value=-20", ring { ($0.reading.min, $0.reading.max, $0.reading.value) = (-50, 50, -20) }),
        ("min=0.5&max=0.75", ring { ($0.reading.min, $0.reading.max, $0.reading.value) = (0.5, 0.75, 0.5) }),
        ("size=256", ring { ($0.size, $0.thickness) = (256, 26) }),
        ("size=256.0", ring { ($0.size, $0.thickness) = (256, 26) }),
        ("size=2.56e2", ring { ($0.size, $0.thickness) = (256, 26) }),
        ("size=125", ring { ($0.size, $0.thickness) = (125, 13) }),
        ("size=16", ring { ($0.size, $0.thickness) = (16, 2) }),
        ("size=1024", ring { ($0.size, $0.thickness) = (1024, 102) }),
        // Round ends become butt ends on a stroke wider than the ring's radius.
        ("thickness=64", ring { ($0.thickness, $0.cap) = (64, .butt) }),
        ("thickness=1", ring { $0.thickness = 1 }),
        ("thickness=2.5", ring { $0.thickness = 2.5 }),
        ("size=17&thickness=8.5", ring { ($0.size, $0.thickness, $0.cap) = (17, 8.5, .butt) }),
        ("thickness=42", ring { $0.thickness = 42 }),
        ("color=red", ring { $0.color = RGBAColor(255, 0, 0) }),
        ("color=%23F00", ring { $0.color = RGBAColor(255, 0, 0) }),
        ("color=00ff0080", ring { $0.color = RGBAColor(0, 255, 0, 0x80) }),
        ("track=none", ring { $0.track = nil }),
        ("track=NONE", ring { $0.track = nil }),
        ("track=green", ring { $0.track = RGBAColor(0, 0x80, 0) }),
        ("background=white", ring { $0.background = RGBAColor(255, 255, 255) }),
        ("background=none", ring()),
        ("textColor=brightgreen", ring { $0.textColor = RGBAColor(0x44, 0xcc, 0x11) }),
        ("cap=butt", ring { $0.cap = .butt }),
        ("cap=square", ring { $0.cap = .square }),
        ("direction=ccw", ring { $0.direction = .ccw }),
        ("fontWeight=normal", ring { $0.fontWeight = .normal }),
        ("arc=270", ring { ($0.arc, $0.start) = (270, 225) }),
        ("arc=270&start=0", ring { ($0.arc, $0.start) = (270, 0) }),
        ("arc=1", ring { ($0.arc, $0.start) = (1, 359.5) }),
        ("arc=270&direction=ccw", ring { ($0.arc, $0.start, $0.direction) = (270, 135, .ccw) }),
        ("direction=ccw&start=10", ring { ($0.start, $0.direction) = (10, .ccw) }),
        ("start=-90", ring { $0.start = 270 }),
        ("start=360", ring { $0.start = 0 }),
        ("start=-360", ring { $0.start = 0 }),
        ("start=45.5", ring { $0.start = 45.5 }),
        ("label=auto", ring()),
        ("label=none", ring { $0.label = .none }),
        ("label=", ring { $0.label = .none }),
        ("label=%7Bvalue%7D/%7Bmax%7D", ring { $0.label = .template("{value}/{max}") }),
        ("label={percent}+%25", ring { $0.label = .template("{percent} %") }),
        ("label=Done+%E2%9C%93", ring { $0.label = .template("Done ✓") }),
        ("label=AUTO", ring { $0.label = .template("AUTO") }),
        ("label={}+{1}+{+}", ring { $0.label = .template("{} {1} { }") }),
        (
            "label=" + String(repeating: "x", count: 40) + "&fontSize=6",
            ring {
                $0.label = .template(String(repeating: "x", count: 40))
                $0.fontSize = 6
            }
        ),
        ("decimals=3", ring { $0.valueStyle.decimals = 3 }),
        ("decimals=0.0", ring()),
        ("fontSize=6", ring { $0.fontSize = 6 }),
        ("fontSize=128", ring { $0.fontSize = 128 }),
        ("animate=10", ring { $0.animate = 10 }),
        ("animate=0.5", ring { $0.animate = 0.5 }),
        ("scale=4", ring { $0.scale = 4 }),
        ("size=512&scale=4", ring { ($0.size, $0.thickness, $0.scale) = (512, 51, 4) }),
        ("title=Build+progress", ring { $0.title = "Build progress" }),
        ("title=" + String(repeating: "t", count: 100), ring { $0.title = String(repeating: "t", count: 100) }),
        ("cacheSeconds=0", ring { $0.cacheSeconds = 0 }),
        ("cacheSeconds=31536000", ring { $0.cacheSeconds = 31_536_000 }),
        // Unknown names and the names of a later version are ignored, even malformed (a near miss of a ring's
        // name, `Value` or `colour`, is refused: NearMissParameterTests).
        ("foo=bar&utm_source=x&Valeur=3&Taille=9", ring()),
        ("x=1&x=2&junk=%zz&%ZZ=1&bad=%FF", ring()),
        ("Schwellen=50:orange&Farbschema=dark&style=flat", ring()),
        ("&&value=5&", ring { $0.reading.value = 5 }),
        ("%76alue=5", ring { $0.reading.value = 5 }),
        // Without a label, the label's styling cannot show: it takes its defaults.
        ("label=none&textColor=red&fontWeight=normal&fontSize=20", ring { $0.label = .none }),
    ]

    @Test(arguments: accepted)
    func acceptsValidQueries(query: String, expected: RingSpec) throws {
        #expect(try RingSpec.parse(query: query) == expected)
    }

    @Test func negativeZeroIsZero() throws {
        let spec = try RingSpec.parse(query: "value=-0&min=-0.0&start=-0")
        #expect(spec.reading.value.sign == .plus)
        #expect(spec.reading.min.sign == .plus)
        #expect(spec.start?.sign == .plus)
        var byHand = RingSpec()
        (byHand.reading.value, byHand.reading.min, byHand.start) = (-0.0, -0.0, -0.0)
        let normalized = byHand.normalized()
        #expect(normalized.reading.value.sign == .plus)
        #expect(normalized.reading.min.sign == .plus)
        #expect(normalized.start?.sign == .plus)
        #expect(normalized.normalized() == normalized)
    }

    @Test func pathValueIsTheValueParameter() throws {
        #expect(try RingSpec.parse(query: "", pathValue: "72").reading.value == 72)
        #expect(try RingSpec.parse(query: "size=64", pathValue: "72%2E5").reading.value == 72.5)
        // In a path `+` is a plus sign, not a space.
        #expect(try RingSpec.parse(query: "", pathValue: "+5").reading.value == 5)
        #expect(ringMessage("value=5", pathValue: "5") == "value: given twice")
        #expect(
            ringMessage("", pathValue: "abc")
                == #"value: "abc" is not a number (accepted: a decimal such as 72, -0.5 or 1e-5)"#)
    }

    @Test func manyParametersAreReadAndRepeatsFound() throws {
        let unknown = (0..<1000).map { "p\($0)=\($0)" }.joined(separator: "&")
        #expect(try RingSpec.parse(query: unknown + "&value=5").reading.value == 5)
        let repeated = Array(repeating: "value=1", count: 1000).joined(separator: "&")
        #expect(ringMessage(repeated) == "value: given twice")
    }

    @Test func queryParametersDecodeOnlyWhatIsAsked() throws {
        var parameters = QueryParameters(query: "a=1+2&b&c=%2541&bad=%&=empty&lone=5%&hex=%4%zz%4")
        parameters.add(name: "path", encodedValue: "x+y%20z", plusIsSpace: false)
        #expect(parameters.names == ["a", "b", "c", "bad", "", "lone", "hex", "path"])
        #expect(try parameters.value("a") == "1 2")
        #expect(try parameters.value("b") == "")
        #expect(try parameters.value("c") == "%41")
        #expect(try parameters.value("path") == "x+y z")
        #expect(try parameters.value("missing") == nil)
        // A `%` without two hex digits after it stays a `%` (WHATWG percent-decoding).
        #expect(try parameters.value("bad") == "%")
        #expect(try parameters.value("lone") == "5%")
        #expect(try parameters.value("hex") == "%4%zz%4")
        #expect(throws: ParameterError.self) { try QueryParameters(query: "bad=%FF").value("bad") }
        // `&` then a combining mark is one Character, yet still two parameters.
        let combining = QueryParameters(query: "a=1&\u{301}b=2")
        #expect(combining.names == ["a", "\u{301}b"])
        #expect(try combining.value("a") == "1")
    }

    /// The one filter of a query's parameters (a stored or live value's, before its number is written in): by the
    /// decoded name, whatever its encoding, keeping the rest as written.
    @Test func removingParametersMatchesDecodedNamesAndKeepsTheRestAsWritten() {
        #expect(QueryParameters.removing(["value"], from: "value=@a&size=64") == "size=64")
        #expect(QueryParameters.removing(["value"], from: "%76alue=@a&label=%7Bvalue%7D&&value") == "label=%7Bvalue%7D")
        #expect(QueryParameters.removing(["color", "message"], from: "color=red&message=x&Color=1&=e") == "Color=1&=e")
        #expect(QueryParameters.removing(["value"], from: "") == "")
    }
}
