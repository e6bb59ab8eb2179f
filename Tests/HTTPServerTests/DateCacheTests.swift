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
        #expect(HTTPDate.epochSeconds(imfFixdate: expected) == seconds)
    }

    /// Every second of a few years reads back as written; anything but an IMF-fixdate is no date.
    @Test func readsWhatItWrites() {
        for seconds in stride(from: -86_400 * 400, to: 4_200_000_000, by: 86_399 * 7 + 3_607) {
            #expect(HTTPDate.epochSeconds(imfFixdate: DateCache.imfFixdate(epochSeconds: seconds)) == seconds)
        }
        for text in [
            "", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nob 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:49:37 GMT",
            "Sun, 06 Nov 1994 08:49 GMT", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994  08:49:37 GMT",
        ] {
            #expect(HTTPDate.epochSeconds(imfFixdate: text) == nil, "\(text)")
        }
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
