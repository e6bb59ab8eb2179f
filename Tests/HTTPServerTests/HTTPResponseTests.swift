import HTTPServer
import Testing

struct HTTPResponseTests {
    @Test func addedHeadersFollowTheOwnOnesAndTheBodyIsKept() {
        let response = HTTPResponse(status: .ok, headers: ["Content-Type": "image/png"], body: [1, 2, 3])
        let added = response.adding(["Cache-Control": "max-age=7", "Content-Length": "99"])
        #expect(
            String(decoding: added.head, as: UTF8.self)
                == "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 3\r\nCache-Control: max-age=7\r\n")
        #expect(added.body == [1, 2, 3] && added.status == .ok)
        // The original is unchanged: cached responses are shared between requests.
        #expect(!String(decoding: response.head, as: UTF8.self).contains("Cache-Control"))
    }

    /// The head is the status line, the fields in order (a Content-Length among them left out) and the body's own
    /// length in decimal, in a buffer of exactly its size (a cached head keeps no spare capacity).
    @Test(arguments: [0, 1, 9, 10, 99, 100, 5612, 999_999, 1_000_000])
    func headHoldsTheLengthInDecimalAndNoSpareRoom(length: Int) {
        let response = HTTPResponse(
            status: .ok, headers: ["Content-Type": "image/png", "Content-Length": "7", "ETag": "\"a-1\""],
            body: [UInt8](repeating: 0, count: length))
        #expect(
            String(decoding: response.head, as: UTF8.self)
                == "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nETag: \"a-1\"\r\nContent-Length: \(length)\r\n")
        #expect(response.head.capacity < response.head.count + 16)
        let notModified = HTTPResponse(status: .notModified, headers: ["ETag": "\"a-1\""])
        #expect(String(decoding: notModified.head, as: UTF8.self) == "HTTP/1.1 304 Not Modified\r\nETag: \"a-1\"\r\n")
    }
}
