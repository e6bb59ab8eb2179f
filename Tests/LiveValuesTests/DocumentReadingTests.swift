import Foundation
import StrictJSON
import TestSupport
import Testing

@testable import LiveValues

/// JSONPath, numbers written as text, shields endpoint documents and Prometheus answers, without a network.
struct DocumentReadingTests {
    @Test(arguments: [
        ("$.a.b", "$.a.b"), ("a.b", "$.a.b"), ("$.a[0].b", "$.a[0].b"), ("$['key.with.dots']", "$['key.with.dots']"),
        (#"$["k"]"#, "$.k"), ("$", "$"), (#"$['it\'s']"#, #"$['it\'s']"#), ("$.ünï.ç0d€", "$.ünï.ç0d€"),
        ("$[0][1]", "$[0][1]"), ("$['a b']", "$['a b']"), (#"$["a\\b"]"#, #"$['a\\b']"#),
    ])
    func pathsParseAndPrintInOneSpelling(text: String, canonical: String) throws {
        guard case .success(let path) = JSONPath.parse(text) else { throw TestFailure("\(text) refused") }
        #expect(path.description == canonical)
        guard case .success(let again) = JSONPath.parse(path.description) else { throw TestFailure("reprint refused") }
        #expect(again == path)
    }

    @Test func aPathFindsItsNodeOrNothing() throws {
        let document = try #require(JSONReading.document(Array(#"{"a": [{"b.c": 4}], "n": null}"#.utf8)))
        func find(_ text: String) -> JSONValue? {
            guard case .success(let path) = JSONPath.parse(text) else { return nil }
            return path.find(in: document)
        }
        #expect(find("$.a[0]['b.c']") == .number(JSONNumber(4)))
        #expect(find("$.a[1]") == nil)
        #expect(find("$.a.b") == nil)
        #expect(find("$.n") == .null)
    }

    @Test(arguments: [
        ("87", 87.0), ("87%", 87), (" 87 % ", 87), ("-0.5", -0.5), ("+3", 3), ("1e3", 1000), ("2.5E-1", 0.25),
        ("100%", 100),
    ])
    func numericTextIsRead(text: String, expected: Double) {
        #expect(DocumentNumber.whole(text) == expected)
    }

    @Test(arguments: ["", "%", "87%%", "0x10", "inf", "nan", "1,234", "12 apples", ".5", "5.", "--1", "1e", "٣"])
    func otherTextIsNotANumber(text: String) {
        #expect(DocumentNumber.whole(text) == nil)
    }

    @Test(arguments: [
        ("87% covered", 87.0), ("7/12", 7), ("  -2.5 left", -2.5), ("1.2k", 1.2), ("3.", 3), ("2e", 2), ("9e2x", 900),
    ])
    func aMessageGivesItsLeadingNumber(text: String, expected: Double) {
        #expect(DocumentNumber.leading(text) == expected)
    }

    @Test(arguments: [
        ("1,234", 1234.0), ("1 234 tests", 1234), ("12,345,678", 12_345_678), ("1,234.5%", 1234.5),
        ("1\u{202F}234", 1234), ("-1,000", -1000), ("3 of 5", 3), ("1, 2, 3", 1),
    ])
    func aMessageReadsDigitsGroupedByThrees(text: String, expected: Double) {
        #expect(DocumentNumber.leading(text) == expected)
    }

    /// A separator the rule does not read (a decimal comma, a version) makes the message no number, not a wrong one.
    @Test(arguments: ["1.234,5", "87,5%", "1,23", "1.2.3", "v1.2.3", "passing", "1,234,5", "1,2345"])
    func anAmbiguousMessageIsNoNumber(text: String) {
        #expect(DocumentNumber.leading(text) == nil)
    }

    /// A document is strict JSON, as a settings file is: one that says two things is not read as either.
    @Test(arguments: [#"{"total": 1, "total": 2}"#, #"{"total": 1,}"#, "[1, 2,]", #"{"a": "\ud800"}"#])
    func aDocumentThatIsNotStrictJSONIsNotRead(text: String) {
        #expect(JSONReading.document(Array(text.utf8)) == nil)
    }

    @Test func endpointDocumentsAreReadAsShieldsWritesThem() throws {
        func endpoint(_ json: String) -> Result<EndpointDocument, LiveError> {
            JSONReading.endpoint(JSONReading.document(Array(json.utf8)) ?? .null)
        }
        let good = try endpoint(
            ##"{"schemaVersion": 1, "label": "tests", "message": "7/12", "color": "#ff0000", "labelColor": "navy", "style": "plastic", "cacheSeconds": 600, "namedLogo": "github"}"##
        ).get()
        #expect(good.value == 7 && good.label == "tests" && good.color == "#ff0000" && good.labelColor == "navy")
        #expect(good.style == "plastic" && good.cacheSeconds == 600 && !good.isError)
        let bare = try endpoint(#"{"schemaVersion": 1, "message": "passing"}"#).get()
        #expect(bare.value == nil && bare.message == "passing" && bare.label == nil && bare.color == nil)
        let error = try endpoint(#"{"schemaVersion": 1, "message": "42", "isError": true}"#).get()
        #expect(error.isError && error.value == 42)
        // Too long to keep with the value: left out, as the defaults they are.
        let long = try endpoint(
            #"{"schemaVersion": 1, "message": "1", "label": "\#(String(repeating: "x", count: 257))", "color": "red"}"#
        ).get()
        #expect(long.value == 1 && long.label == nil && long.color == "red")
        let cases: [(String, String)] = [
            (
                #"{"value": 1}"#,
                "query: not given, and the document is not a shields endpoint document (give query, e.g. $.coverage)"
            ),
            (
                #"{"schemaVersion": 2, "message": "1"}"#,
                "query: not given, and the endpoint document's schemaVersion is not 1"
            ),
            (
                #"{"schemaVersion": 1, "message": 87}"#,
                "url: the endpoint document's message is a number, not text (such as \"87%\" or \"passing\")"
            ),
            (
                #"{"schemaVersion": 1}"#,
                "url: the endpoint document's message is missing (accepted: text, such as \"87%\" or \"passing\")"
            ),
            (
                #"{"schemaVersion": 1, "message": "1", "style": ["flat"]}"#,
                "url: the endpoint document's style is an array, not text"
            ),
            (
                #"{"schemaVersion": 1, "message": "1", "logoWidth": "x"}"#,
                "url: the endpoint document's logoWidth is text, not a number"
            ),
            (
                #"{"schemaVersion": 1, "message": "1", "cacheSeconds": 1.5}"#,
                "url: the endpoint document's cacheSeconds is 1.5, not a whole number of seconds, 0 or more"
            ),
        ]
        for (json, message) in cases {
            guard case .failure(let error) = endpoint(json) else {
                Issue.record("\(json) accepted")
                continue
            }
            #expect(error.message == message)
        }
    }

    static func prometheus(_ json: String, status: Int = 200) -> Result<Double, LiveError> {
        PrometheusAnswer.value(status: status, body: Array(json.utf8), server: "main")
    }

    @Test func prometheusScalarsAndOneSampleVectorsGiveTheirNumber() throws {
        #expect(
            try Self.prometheus(#"{"status":"success","data":{"resultType":"scalar","result":[1.5,"14"]}}"#).get() == 14
        )
        let vector = #"{"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1,"0.25"]}]}}"#
        #expect(try Self.prometheus(vector).get() == 0.25)
    }

    @Test(arguments: [
        (
            #"{"status":"success","data":{"resultType":"vector","result":[]}}"#, 200,
            "prometheus: the query returned no data", "no_value"
        ),
        (
            #"{"status":"success","data":{"resultType":"vector","result":[{"value":[1,"1"]},{"value":[1,"2"]},{"value":[1,"3"]}]}}"#,
            200, "prometheus: the query returned 3 series; one is needed", "many_series"
        ),
        (
            #"{"status":"success","data":{"resultType":"matrix","result":[]}}"#, 200,
            "prometheus: the query returned a range vector; an instant query giving one number is needed", "wrong_shape"
        ),
        (
            #"{"status":"success","data":{"resultType":"string","result":[1,"x"]}}"#, 200,
            "prometheus: the query returned a string, not a number", "wrong_shape"
        ),
        (
            #"{"status":"success","data":{"resultType":"scalar","result":[1,"NaN"]}}"#, 200,
            "prometheus: the query returned NaN, not a finite number", "not_finite"
        ),
        (
            #"{"status":"success","data":{"resultType":"scalar","result":[1,"+Inf"]}}"#, 200,
            "prometheus: the query returned +Inf, not a finite number", "not_finite"
        ),
        (
            #"{"status":"error","errorType":"bad_data","error":"parse error: unexpected \"\n\" in label"}"#, 400,
            #"prometheus: server main refused the query (bad_data: "parse error: unexpected \"\u{a}\" in label")"#,
            "query_error"
        ),
        ("<html>busy</html>", 503, "prometheus: server main answered 503", "status"),
        ("<html>ok</html>", 200, "prometheus: server main answered with text that is not JSON", "not_json"),
    ])
    /// Each shape is named in the message and by its kind, the label `/metrics` counts the fetch under.
    func otherPrometheusAnswersNameTheirShape(json: String, status: Int, message: String, kind: String) {
        guard case .failure(let error) = Self.prometheus(json, status: status) else {
            Issue.record("accepted")
            return
        }
        #expect(error.message == message)
        #expect(error.kind.rawValue == kind)
    }
}
