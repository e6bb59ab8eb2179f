import StoredValues
import Testing

/// The body of a push is read by StrictJSON in one pass: a number, or an object of `value` and `max`; what is refused
/// is said in the sentence of the 400.
struct PushedValueTests {
    @Test(
        arguments: [
            ("87.4", 87.4, nil),
            (#"{"value": 12, "max": 40}"#, 12, 40),
            (#"{"max": 40, "value": 12}"#, 12, 40),
            // A null max is no max, as JSONDecoder read it.
            (#"{"value": 1.5e1, "max": null}"#, 15, nil),
            ("-0", 0, nil),
        ] as [(String, Double, Double?)])
    func aNumberOrAnObjectIsRead(body: String, value: Double, max: Double?) throws {
        let pushed = try PushedValue.parse(Array(body.utf8))
        #expect(pushed.value == value && pushed.max == max)
    }

    @Test(arguments: [
        (#"{"value": 1, "extra": 2}"#, #"the body has an unknown key "extra" (accepted: value, max)"#),
        (#"{"max": 2}"#, "value and max must be numbers, and value must be given (no value)"),
        (#"{"value": null}"#, "value and max must be numbers, and value must be given (value is null)"),
        (#"{"value": 1, "max": "9"}"#, "value and max must be numbers, and value must be given (max is a string)"),
        (#"{"value": 1e999}"#, "value is not a finite number"),
        ("1e999", "value is not a finite number (beyond a double's range)"),
        (#"{"value": 1, "max": -1}"#, "max is below 0 (accepted: 0 or more, the total the value counts toward)"),
        (
            #""87""#,
            #"the body "\"87\"" is a JSON string, not a number (accepted: 87.4, or {"value": 87.4} or {"value": 12, "max": 40})"#
        ),
        (
            #"{"value": 1, "value": 2}"#,
            #"the body "{\"value\": 1, \"value\": 2}" is not one JSON number or a JSON object (accepted: 87.4, or {"value": 87.4} or {"value": 12, "max": 40}; NaN and Infinity are not numbers)"#
        ),
    ])
    func whatIsRefusedIsSaid(body: String, message: String) {
        #expect(throws: PushError.self) { try PushedValue.parse(Array(body.utf8)) }
        do {
            _ = try PushedValue.parse(Array(body.utf8))
        } catch {
            #expect(error.message == message)
        }
    }
}
