import RingKit

/// Numbers a source hands to a drawing: any finite double, given as a number (`ReadNumber`). Two come from each
/// input: one from its bytes' hash taken as a double's bits (every magnitude, subnormals included) and the input's
/// `value` read as Swift reads a number (`1e+16`, `0x1p-1074`, `-0`). Each must draw on every kind of image that reads
/// a value (all but the sparkline) with no
/// other parameter; a max read below min must be refused naming `maxQuery`; with the input's own image parameters
/// beside it, a refusal never names `value` or `max`, which nobody typed.
func checkReadNumbers(query: String, bytes: UnsafeBufferPointer<UInt8>) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
    var numbers = [Double(bitPattern: hash)]
    let given = QueryParameters(query: query)
    if let text = try? given.value("value"), let number = Double(text) { numbers.append(number) }
    for number in numbers where number.isFinite {
        // A sparkline reads no live value (the server refuses url and prometheus on it by name): it draws points.
        for kind in Drawing.Kind.allCases where kind != .spark {
            check(number, kind: kind, query: "")
            check(number, max: number, kind: kind)
            check(number, max: -abs(number) - 1, kind: kind)
            if !given.contains("value") && !given.contains("max") { check(number, kind: kind, query: query) }
        }
    }
}

private func check(_ number: Double, kind: Drawing.Kind, query: String) {
    let request = Drawing.Request(
        kind: kind, query: Substring(query), read: [ReadNumber("value", number, from: "url")])
    do {
        let drawing = try Drawing.parse(request)
        if query.isEmpty { _ = try? drawing.render(.svg) }
    } catch {
        if query.isEmpty { fatalError("the \(kind) of the read value \(number) is refused: \(error.message)") }
        if error.parameter == "value" || error.parameter == "max" {
            fatalError("the read value \(number) with \(query) is refused naming \(error.parameter): \(error.message)")
        }
    }
}

/// A max read at or above min (0) draws, 0 of 0 included; one below it is refused naming `maxQuery`.
private func check(_ number: Double, max: Double, kind: Drawing.Kind) {
    let request = Drawing.Request(
        kind: kind, query: "",
        read: [ReadNumber("value", number, from: "url"), ReadNumber("max", max, from: "maxQuery")])
    do {
        _ = try Drawing.parse(request)
        if max < 0 { fatalError("the read max \(max) below min 0 was accepted") }
    } catch {
        if max >= 0 || error.parameter != "maxQuery" {
            fatalError("the read max \(max) of \(number) is refused: \(error.message)")
        }
    }
}
