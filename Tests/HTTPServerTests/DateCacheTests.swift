import Testing

@testable import HTTPServer

struct DateCacheTests {
    @Test(arguments: [
        (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
        (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),  // the example of RFC 9110 §5.6.7
        (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
        (1_798_761_599, "Thu, 31 Dec 2026 23:59:59 GMT"),
        (4_107_542_400, "Mon, 01 Mar 2100 00:00:00 GMT"),  // 2100 is not a leap year
    ])
    func formatsIMFFixdate(seconds: Int, expected: String) {
        #expect(DateCache.imfFixdate(epochSeconds: seconds) == expected)
    }

    @Test func tailsCarryDateAndConnectionAndEndTheHead() {
        var cache = DateCache()
        cache.update(epochSeconds: 784_111_777)
        #expect(
            String(decoding: cache.keepAliveTail, as: UTF8.self)
                == "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\nConnection: keep-alive\r\n\r\n")
        #expect(
            String(decoding: cache.closeTail, as: UTF8.self)
                == "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\nConnection: close\r\n\r\n")
    }
}
