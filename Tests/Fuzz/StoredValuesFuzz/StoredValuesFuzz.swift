import StoredValues
import StrictJSON
import ValueReports

/// libFuzzer entry: reads the input as the body of `PUT /values/{name}` and as a name, and traps when the body
/// reader accepts what the contract refuses (a value or max that is not finite, an unknown key), gives a number that
/// its own text does not read back as, or a message that is empty or not one line; and when the name rules accept a
/// name outside 1–64 of a-z 0-9 . _ -, or refuse one inside it. The body is also read as a JSON document
/// (`StrictJSON`, which reads settings, pushed bodies and live documents): a problem is one line, and a document's
/// JSON text reads back as a document that writes the same text. The body is also read as a report of every
/// format (`ValueReports`) and recognised as a push would recognise it: a refusal is one non-empty line, and what
/// is accepted is counts (whole, 0 to 2^53, no more covered than there are), the pushed name's record first.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let pushed = try PushedValue.parse(body)
        if !pushed.value.isFinite || !(pushed.max?.isFinite ?? true) { fatalError("a value that is not finite") }
        // What was accepted reads back the same from its shortest text, as a number or an object.
        if try PushedValue.parse(Array("\(pushed.value)".utf8)).value != pushed.value {
            fatalError("\(pushed.value) does not read back")
        }
        let object = "{\"value\": \(pushed.value)" + (pushed.max.map { ", \"max\": \($0)" } ?? "") + "}"
        if try PushedValue.parse(Array(object.utf8)) != pushed { fatalError("\(object) does not read back") }
    } catch {
        if error.message.isEmpty || error.message.contains("\n") { fatalError("message: \(error.message)") }
    }
    do {
        let text = try StrictJSON.parse(body).json
        let again = try StrictJSON.parse(Array(text.utf8)).json
        if again != text { fatalError("\(text) reads back as \(again)") }
    } catch {
        if error.message.isEmpty || error.message.contains("\n") { fatalError("problem: \(error.message)") }
    }
    checkReports(body)
    let name = String(decoding: body, as: UTF8.self)
    let expected =
        (1...64).contains(body.count)
        && body.allSatisfy { b in
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
                || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
        }
        // A URL's path drops or resolves a trailing dot (`.`, `..`, `a.`): such a name could never be read back.
        && body.last != UInt8(ascii: ".")
    if (ValueName.problem(name) == nil) != expected { fatalError("name rules disagree on \(body)") }
    return 0
}

/// Reads `body` as each report format, and as a push recognises it; traps on what the readers promise not to give.
func checkReports(_ body: [UInt8]) {
    if case .unsupported(let sentence) = PushBodyKind.of(contentType: nil, body: body),
        sentence.isEmpty || sentence.contains("\n")
    {
        fatalError("415 sentence: \(sentence)")
    }
    for format in ReportFormat.allCases {
        do {
            let report = try format.read(body)
            guard report.records.first?.suffix == "" else { fatalError("\(format): the name's record is not first") }
            for record in report.records {
                let whole = { (x: Double) in x.isFinite && x >= 0 && x == x.rounded() && x <= 9_007_199_254_740_992 }
                guard whole(record.value), whole(record.max), record.value <= record.max else {
                    fatalError("\(format): \(record.suffix) is \(record.value) of \(record.max)")
                }
            }
        } catch {
            if error.message.isEmpty || error.message.contains("\n") { fatalError("\(format): \(error.message)") }
        }
    }
}
