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
}
