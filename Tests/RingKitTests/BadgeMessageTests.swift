import TestSupport
import Testing

@testable import RingKit

private func parse(_ query: String, named: [String: Double] = [:]) throws(ParameterError) -> BadgeSpec {
    try BadgeSpec.parse(query: query, named: named)
}

/// `message` as the badge's right half: a fixed text in `color`, or a template filled as a ring's label is and
/// colored as the value is.
struct BadgeMessageTests {
    /// The placeholders of ring labels fill the right half, which the title and the SVG's text write alike.
    @Test func aTemplateWritesTheValueAndItsMax() throws {
        let spec = try parse("label=tests&value=40&max=42&message=%7Bvalue%7D%2F%7Bmax%7D%20passed")
        #expect(spec.valueText == "40/42 passed")
        #expect(spec.title == "tests: 40/42 passed")
        let document = try #require(SVGDocument(BadgeRenderer.svg(spec)))
        #expect(document.all("text").contains { $0.text == "40/42 passed" })
        #expect(document.first("circle") == nil)
        let percent = try parse("value=40&max=42&message=%7Bpercent%7D%20of%20%7Bmax%7D")
        #expect(percent.valueText == "95 of 42")
    }

    /// A template is colored as the value is: thresholds and a map's color apply, so one failure turns it red.
    @Test func aTemplateTakesTheThresholdsColor() throws {
        let query = "message=%7Bvalue%7D%20passed&thresholds=100:brightgreen&color=red&max="
        let red = RGBAColor.parse("red", names: .shields)
        let green = RGBAColor.parse("brightgreen", names: .shields)
        #expect(try parse(query + "42&value=41").valueColor == red)
        #expect(try parse(query + "42&value=42").valueColor == green)
        // 999 of 1000 is not all: the shown percentage is never 100 before done.
        #expect(try parse(query + "1000&value=999").valueColor == red)
        let mapped = try parse("value=0&message=%7Bvalue%7D%20failed&map=0:none:brightgreen&color=red")
        #expect(mapped.valueColor == green && mapped.valueText == "none failed")
    }

    /// A message without a brace is the fixed text it always was, in `color` whatever the thresholds say.
    @Test func aPlainMessageKeepsItsColor() throws {
        let spec = try parse("value=10&message=passing&thresholds=50:green&color=blue")
        #expect(spec.valueText == "passing" && spec.valueColor == RGBAColor.parse("blue", names: .shields))
        // A placeholder a label does not take is refused as a label's is; braces around no word are text.
        #expect(throws: ParameterError.self) { try parse("value=3&message=%7Bx%7D%20and%20%7Bvalue%7D") }
        #expect(try parse("value=3&message=%7B%20%7D%20%7Bvalue%7D").valueText == "{ } 3")
    }

    /// `{delta}` compares with `previous`, as on a ring; without one it leaves no space where it stood.
    @Test func aTemplateComparesWithPrevious() throws {
        let query = "value=88.6&message=%7Bvalue%7D%25%20%7Bdelta%7D"
        #expect(try parse(query + "&previous=84.7").valueText == "88.6% ▲3.9")
        #expect(try parse(query).valueText == "88.6%")
        #expect(try parse(query + "&previous=84.7").canonicalKey != (try parse(query)).canonicalKey)
    }

    /// A template that writes the value's time refuses an image whose value has none, naming `message`.
    @Test func aTemplateOfTimeNeedsAValueWithOne() {
        do {
            _ = try parse("value=3&message=%7Bage%7D")
            Issue.record("drawn without a time")
        } catch {
            #expect(error.parameter == "message")
        }
    }

    /// The key tells two values apart under one template, and the same value under two.
    @Test func theKeyHoldsTheTemplateAndTheValue() throws {
        let a = try parse("value=1&message=%7Bvalue%7D%20passed")
        let b = try parse("value=2&message=%7Bvalue%7D%20passed")
        let c = try parse("value=1&message=%7Bvalue%7D%20ok")
        #expect(Set([a.canonicalKey, b.canonicalKey, c.canonicalKey]).count == 3)
    }

    /// `{@name}` writes another stored value, given with the request, in the value's style; the key holds it.
    @Test func aTemplateWritesOtherStoredValues() throws {
        let query = "value=40&max=42&message=%7Bvalue%7D%20passed%2C%20%7B%40tests.failed%7D%20failed"
        let two = try parse(query, named: ["tests.failed": 2])
        #expect(two.valueText == "40 passed, 2 failed")
        let three = try parse(query, named: ["tests.failed": 3])
        #expect(three.valueText == "40 passed, 3 failed" && three.canonicalKey != two.canonicalKey)
        // A number the template does not write is not kept: it would split one image into many keys.
        #expect(try parse(query, named: ["tests.failed": 2, "other": 9]).canonicalKey == two.canonicalKey)
        let ring = try RingSpec.parse(query: "value=5&label=%7B%40a%7D%2F%7Bvalue%7D", named: ["a": 1.5])
        #expect(
            LabelText.text(ring.label, of: ring.reading, fraction: ring.reading.fraction, style: ring.valueStyle)
                == "1.5/5")
    }

    /// A `{@name}` whose number was not given is refused naming the template: only the server fills it in.
    @Test func anUnfilledStoredValueIsRefused() throws {
        do {
            _ = try parse("value=1&message=%7B%40tests.failed%7D%20failed")
            Issue.record("drawn without its value")
        } catch {
            #expect(error.parameter == "message" && error.message.contains("{@tests.failed}"))
        }
    }

    /// A template writes at most `TemplateValues.limit` stored values.
    @Test func aTemplateWritesAFewStoredValuesAtMost() throws {
        let nine = String(repeating: "{@a}", count: TemplateValues.limit + 1)
        #expect(throws: ParameterError.self) { try TemplateValues.names(in: nine, parameter: "label") }
        #expect(try TemplateValues.names(in: "{@a} {@b} {@a} {@c", parameter: "label") == ["a", "b"])
    }
}
