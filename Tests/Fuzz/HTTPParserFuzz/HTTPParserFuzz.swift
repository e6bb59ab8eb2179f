import HTTPServer

/// The statuses the parser may answer with; anything else is a bug.
let allowedStatuses: Set<Int> = [400, 413, 414, 417, 431, 501, 505]

/// Default limits, tiny ones so that inputs of a few hundred bytes reach every limit, and both with the service's
/// body rule (`PUT` and `DELETE` under `/values/`, tiny: 8 bytes), so bodies are read, bounded and left unread.
let limitSets = [
    HTTPLimits(),
    HTTPLimits(
        maxRequestLineBytes: 40, maxHeadBytes: 96, maxHeaderFields: 3, maxMethodBytes: 6, maxLeadingEmptyLines: 1),
    HTTPLimits(bodies: [HTTPBodyRule(methods: [.put, .delete], pathPrefix: "/values/", maxBytes: 4096)]),
    HTTPLimits(
        maxRequestLineBytes: 40, maxHeadBytes: 96, maxHeaderFields: 3, maxMethodBytes: 6, maxLeadingEmptyLines: 1,
        bodies: [HTTPBodyRule(methods: [.put, .delete], pathPrefix: "/", maxBytes: 8)]),
]

/// The most bytes a parser may hold: a head, and the largest body a rule reads.
func bufferBound(_ limits: HTTPLimits) -> Int { limits.maxHeadBytes + (limits.bodies.map(\.maxBytes).max() ?? 0) }

/// libFuzzer entry: parses the input whole, byte by byte and in splits drawn from the input's own hash, and traps
/// when the events differ, a status is not in the allowed set, or a request breaks what the parser promises.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let input = UnsafeRawBufferPointer(start: data, count: size)
    var seed: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in input { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01B3 }
    for limits in limitSets {
        let whole = events(input, limits: limits) { _ in Int.max }
        check(whole, limits: limits)
        let byByte = events(input, limits: limits) { _ in 1 }
        if byByte != whole { fatalError("byte-by-byte events differ: \(byByte) vs \(whole)") }
        var state = seed
        let split = events(input, limits: limits) { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 58) + 1
        }
        if split != whole { fatalError("split events differ: \(split) vs \(whole)") }
    }
    return 0
}

func events(
    _ input: UnsafeRawBufferPointer, limits: HTTPLimits, nextChunkSize: (Int) -> Int
) -> [HTTPRequestParser.Event] {
    var parser = HTTPRequestParser(limits: limits)
    var result: [HTTPRequestParser.Event] = []
    var offset = 0
    while offset < input.count {
        let size = min(nextChunkSize(offset), input.count - offset)
        parser.feed(UnsafeRawBufferPointer(rebasing: input[offset..<(offset + size)]))
        offset += size
        while true {
            let event = parser.next()
            if event == .needMoreData {
                if parser.bufferedByteCount >= bufferBound(limits) {
                    fatalError("\(parser.bufferedByteCount) bytes buffered past the head and body limits")
                }
                break
            }
            // `continueBody` depends on whether body bytes came with the head: a hint to the transport, not an
            // event that may differ in meaning between splits, so it is left out of the comparison.
            if event == .continueBody { continue }
            result.append(event)
            if case .error = event {
                if parser.next() != event { fatalError("the parser left its failed state") }
                return result
            }
        }
    }
    return result
}

func check(_ events: [HTTPRequestParser.Event], limits: HTTPLimits) {
    for event in events {
        switch event {
        case .needMoreData:
            fatalError("needMoreData recorded as an event")
        case .error(let status, let reason, _):
            if !allowedStatuses.contains(status.code) { fatalError("status \(status) outside the allowed set") }
            if reason.isEmpty || !reason.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                fatalError("reason is empty or not printable ASCII: \(reason.debugDescription)")
            }
        case .continueBody:
            break
        case .request(let request, let keepAlive, _):
            if let body = request.body {
                let rule = limits.bodies.first { $0.methods.contains(request.method) }
                if rule == nil || body.count > rule!.maxBytes { fatalError("a body read that no rule allows") }
                if request.headers.values("Content-Length") != ["\(body.count)"] {
                    fatalError("a body whose length is not its Content-Length")
                }
            } else if !keepAlive, request.headers.values("Content-Length").isEmpty,
                request.headers.values("Transfer-Encoding").isEmpty, request.version == .http1_1,
                request.headers.values("Connection").isEmpty
            {
                fatalError("an HTTP/1.1 request without a body or Connection field ended its connection")
            }
            let target = request.target.utf8
            if !(target.first == UInt8(ascii: "/") || request.target == "*") {
                fatalError("target not in origin-form: \(request.target.debugDescription)")
            }
            if target.contains(where: { $0 <= 0x20 || $0 >= 0x7F }) {
                fatalError("target holds a control, space or non-ASCII byte")
            }
            if let problem = grammarProblem(Array(target)) { fatalError("target \(problem)") }
            if request.method.rawValue.isEmpty || request.method.rawValue.utf8.count > limits.maxMethodBytes {
                fatalError("method length out of bounds")
            }
            if request.headers.count > limits.maxHeaderFields { fatalError("more fields than the limit") }
            for field in request.headers {
                if field.name.rawName.isEmpty
                    || field.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 })
                {
                    fatalError("field with an empty name or a CR, LF or NUL in its value")
                }
            }
            let hostBytes = Set(
                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:[]%".utf8)
            for host in request.headers.values("Host") where !host.utf8.allSatisfy(hostBytes.contains) {
                fatalError("Host holds a byte outside uri-host and port: \(host.debugDescription)")
            }
            let hosts = request.headers.values("Host").count
            if request.version == .http1_1 && hosts != 1 { fatalError("HTTP/1.1 request with \(hosts) Host fields") }
        }
    }
}

/// What RFC 9112 §3.2 forbids in an accepted target, less the deviations the parser documents: a fragment, `"`,
/// `<`, `>`, and `{ } \` or backtick before the query. (A `%` without two hex digits is left to the handler.)
func grammarProblem(_ target: [UInt8]) -> String? {
    var inQuery = false
    var i = 0
    while i < target.count {
        switch target[i] {
        case UInt8(ascii: "?"):
            inQuery = true
        case UInt8(ascii: "#"), UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"):
            return "holds a byte forbidden everywhere in a target"
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\\"), UInt8(ascii: "`"):
            if !inQuery { return "holds a byte forbidden in a path" }
        default:
            break
        }
        i += 1
    }
    return nil
}
