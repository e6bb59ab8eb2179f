import Testing

@testable import RingKit

/// What a query is refused with: a message naming the parameter, the bad value (short and escaped) and what is
/// accepted.
struct RingSpecRefusalTests {
    static let refused: [(String, String)] = [
        ("value", #"value: "" is not a number (accepted: a decimal such as 72, -0.5 or 1e-5)"#),
        // As Prometheus writes them: with a map item for it, NaN and the infinities are drawn.
        (
            "value=NaN",
            #"value: "NaN" is not a number (accepted: a decimal such as 72, -0.5 or 1e-5; null, nan, inf, -inf or error only with a map item for it, such as map=nan:no%20data)"#
        ),
        (
            "value=nan",
            #"value: "nan" is not a number (accepted: a decimal such as 72, -0.5 or 1e-5; null, nan, inf, -inf or error only with a map item for it, such as map=nan:no%20data)"#
        ),
        (
            "value=inf",
            #"value: "inf" is not a number (accepted: a decimal such as 72, -0.5 or 1e-5; null, nan, inf, -inf or error only with a map item for it, such as map=inf:no%20data)"#
        ),
        ("value=-Infinity", #"value: "-Infinity" is not a number (accepted: a decimal such as 72, -0.5 or 1e-5)"#),
        ("value=0x1p3", #"value: "0x1p3" is not a number (accepted: a decimal such as 72, -0.5 or 1e-5)"#),
        ("value=1e", #"value: "1e" is not a number (accepted: a decimal such as 72, -0.5 or 1e-5)"#),
        ("value=72abc", #"value: "72abc" is not a number (accepted: a decimal such as 72, -0.5 or 1e-5)"#),
        ("value=.", #"value: "." is not a number (accepted: a decimal such as 72, -0.5 or 1e-5)"#),
        // A comma separates the values of several rings: `1,5` is two rings, `1,5x` has a bad item.
        (
            "value=1,5x",
            #"value: "1,5x" has "5x", which is not a number (accepted: 1…5 decimals separated by commas, such as 30,60,90)"#
        ),
        // In a query `+` is a space, so `+5` is ` 5`; write `%2B5`.
        ("value=+5", #"value: " 5" is not a number (accepted: a decimal such as 72, -0.5 or 1e-5)"#),
        ("value=72%20", #"value: "72 " is not a number (accepted: a decimal such as 72, -0.5 or 1e-5)"#),
        ("value=%00", #"value: "\u{0}" is not a number (accepted: a decimal such as 72, -0.5 or 1e-5)"#),
        ("value=1e999", "value: 1e999 is not a finite number (accepted: a decimal such as 72, -0.5 or 1e-5)"),
        ("value=-1e400", "value: -1e400 is not a finite number (accepted: a decimal such as 72, -0.5 or 1e-5)"),
        ("min=100", "min: 100 must be less than max 100"),
        ("max=0", "max: 0 must be greater than min 0"),
        ("min=10&max=5", "max: 5 must be greater than min 10"),
        ("min=-1e308&max=1e308", "max: 1e308 is too far from the other bound (max − min must be a finite number)"),
        ("size=5000", "size: 5000 is out of range 16…1024"),
        ("size=15", "size: 15 is out of range 16…1024"),
        ("size=1e300", "size: 1e300 is out of range 16…1024"),
        ("size=128.5", "size: 128.5 is not an integer (accepted: 16…1024)"),
        ("size=abc", #"size: "abc" is not a number (accepted: an integer 16…1024)"#),
        ("size=", #"size: "" is not a number (accepted: an integer 16…1024)"#),
        ("thickness=65", "thickness: 65 is out of range 1…64 (at most half of size 128)"),
        ("thickness=0.5", "thickness: 0.5 is out of range 1…64 (at most half of size 128)"),
        ("size=17&thickness=9", "thickness: 9 is out of range 1…8.5 (at most half of size 17)"),
        (
            "color=purplish",
            #"color: "purplish" is not a color (accepted: hex #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS color name, rgb() or hsl())"#
        ),
        (
            "color=",
            #"color: "" is not a color (accepted: hex #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS color name, rgb() or hsl())"#
        ),
        (
            "color=none",
            #"color: "none" is not a color (accepted: hex #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS color name, rgb() or hsl())"#
        ),
        (
            "textColor=none",
            #"textColor: "none" is not a color (accepted: hex #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS color name, rgb() or hsl())"#
        ),
        // Decoded once: `%2523` is the text `%23`, not `#`.
        (
            "color=%2523ff0000",
            #"color: "%23ff0000" is not a color (accepted: hex #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS color name, rgb() or hsl())"#
        ),
        (
            "track=blurple",
            #"track: "blurple" is not a color (accepted: none, hex #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS color name, rgb() or hsl())"#
        ),
        (
            "background=transparent",
            #"background: "transparent" is not a color (accepted: none, hex #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS color name, rgb() or hsl())"#
        ),
        ("cap=flat", #"cap: "flat" is not one of round, butt, square"#),
        ("cap=Round", #"cap: "Round" is not one of round, butt, square"#),
        ("direction=left", #"direction: "left" is not one of cw, ccw"#),
        ("fontWeight=700", #"fontWeight: "700" is not one of bold, normal"#),
        ("arc=0", "arc: 0 is out of range 1…360"),
        ("arc=360.5", "arc: 360.5 is out of range 1…360"),
        ("arc=x", #"arc: "x" is not a number (accepted: 1…360)"#),
        ("start=361", "start: 361 is out of range -360…360"),
        ("start=-400", "start: -400 is out of range -360…360"),
        ("decimals=4", "decimals: 4 is out of range 0…3"),
        ("decimals=1.5", "decimals: 1.5 is not an integer (accepted: 0…3)"),
        ("fontSize=5", "fontSize: 5 is out of range 6…128 (at most size 128)"),
        ("fontSize=129", "fontSize: 129 is out of range 6…128 (at most size 128)"),
        (
            "label=" + String(repeating: "W", count: 40),
            #"label: ""# + String(repeating: "W", count: 40) + #"" needs a hole 331 px across to be read at 6 px; "#
                + "this ring's is 102 px (shorten the label, or raise size)"
        ),
        (
            "size=32&label=Tasks%20done%20{value}",
            #"label: "Tasks done {value}" needs a hole 33 px across to be read at 6 px; this ring's is 26 px "#
                + "(shorten the label, or raise size)"
        ),
        ("animate=11", "animate: 11 is out of range 0…10"),
        ("animate=-1", "animate: -1 is out of range 0…10"),
        ("scale=5", "scale: 5 is out of range 1…4"),
        ("scale=0", "scale: 0 is out of range 1…4"),
        ("scale=1.5", "scale: 1.5 is not an integer (accepted: 1…4)"),
        ("size=1024&scale=3", "scale: 3 is too large for size 1024: size × scale must be at most 2048"),
        (
            "label=" + String(repeating: "a", count: 41),
            #"label: ""# + String(repeating: "a", count: 40) + #"…" is longer than 40 characters"#
        ),
        (
            "label={foo}",
            #"label: "{foo}" has an unknown placeholder {foo} (accepted: {value}, {percent}, {min}, {max}, {delta}, {previous}, {age}, {time}, {date}, {elapsed}, {remaining})"#
        ),
        (
            "label={Value}%25",
            #"label: "{Value}%" has an unknown placeholder {Value} (accepted: {value}, {percent}, {min}, {max}, {delta}, {previous}, {age}, {time}, {date}, {elapsed}, {remaining})"#
        ),
        ("label=a%0Ab", #"label: "a\u{a}b" contains the control character U+000A"#),
        ("label=a%0D%0AX-Evil:+1", #"label: "a\u{d}\u{a}X-Evil: 1" contains the control character U+000D"#),
        ("title=%EF%BF%BF", #"title: "\u{ffff}" contains the noncharacter U+FFFF"#),
        ("title=", "title: is empty (accepted: text of 1…100 characters)"),
        (
            "title=" + String(repeating: "t", count: 101),
            #"title: ""# + String(repeating: "t", count: 40) + #"…" is longer than 100 characters"#
        ),
        ("cacheSeconds=-1", "cacheSeconds: -1 is out of range 0…31536000"),
        ("cacheSeconds=31536001", "cacheSeconds: 31536001 is out of range 0…31536000"),
        ("cacheSeconds=1.5", "cacheSeconds: 1.5 is not an integer (accepted: 0…31536000)"),
        ("value=1&value=2", "value: given twice"),
        ("size=128&size=128", "size: given twice"),
        ("value=1&%76alue=1", "value: given twice"),
        // A lone `%` stays a `%` (WHATWG percent-decoding): what is refused is the number it leaves.
        ("value=%", #"value: "%" is not a number (accepted: a decimal such as 72, -0.5 or 1e-5)"#),
        ("value=5%", #"value: "5%" is not a number (accepted: a decimal such as 72, -0.5 or 1e-5)"#),
        ("value=%4", #"value: "%4" is not a number (accepted: a decimal such as 72, -0.5 or 1e-5)"#),
        ("label=%C0%AF", #"label: "%C0%AF" is not UTF-8 text once percent-decoded"#),
        ("label=%FF", #"label: "%FF" is not UTF-8 text once percent-decoded"#),
        ("label=%ED%A0%80", #"label: "%ED%A0%80" is not UTF-8 text once percent-decoded"#),
        ("label=%E2%9C", #"label: "%E2%9C" is not UTF-8 text once percent-decoded"#),
    ]

    @Test(arguments: refused)
    func refusesWithAMessageNamingTheParameter(query: String, expected: String) {
        #expect(ringMessage(query) == expected)
    }

    @Test func eightKibibyteValuesGiveShortMessages() throws {
        let long = String(repeating: "9", count: 8192)
        #expect(
            ringMessage("value=" + long) == "value: " + String(repeating: "9", count: 40)
                + "… is not a finite number (accepted: a decimal such as 72, -0.5 or 1e-5)")
        let tiny = "0." + String(repeating: "0", count: 8190) + "1"
        #expect(try RingSpec.parse(query: "value=" + tiny).reading.value == 0)
        let label = String(repeating: "%E2%9C%93", count: 8192 / 9)
        let text = try #require(ringMessage("label=" + label))
        #expect(text.hasSuffix("…\" is longer than 40 characters"))
        #expect(text.count < 100)
        let junk = try #require(ringMessage("color=" + String(repeating: "%0A", count: 2730)))
        #expect(text.count < 200)
        #expect(!junk.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    static let hostileValues = [
        "%0D%0ASet-Cookie:+a", "%00", "%1B%5B31m", "%E2%80%AE", "%C2%85", "%E2%80%A8", "%EF%BB%BF", "%5C", "%22",
    ]

    @Test(arguments: hostileValues)
    func messagesHoldNoControlCharacters(value: String) {
        for parameter in ["size", "color", "track", "cap", "fontWeight"] {
            let text = ringMessage("\(parameter)=x\(value)x") ?? ""
            #expect(!text.isEmpty)
            #expect(
                !text.unicodeScalars.contains {
                    [.control, .format, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
                }, "\(text)")
        }
    }

    @Test func shownValuesAreShortenedAndEscaped() {
        #expect(ParameterError.shown(String(repeating: "é", count: 41)) == String(repeating: "é", count: 40) + "…")
        #expect(ParameterError.shown(String(repeating: "é", count: 40)) == String(repeating: "é", count: 40))
        #expect(ParameterError.shown("a\u{0}b\u{7f}\u{202e}") == #"a\u{0}b\u{7f}\u{202e}"#)
        #expect(ParameterError.shown(#"\u{0}"#) == #"\\u{0}"#)
        #expect(ParameterError.quoted(#"say "hi""#) == #""say \"hi\"""#)
        #expect(
            ParameterError.shown(String(repeating: "\n", count: 20)) == String(repeating: #"\u{a}"#, count: 8) + "…")
    }
}
