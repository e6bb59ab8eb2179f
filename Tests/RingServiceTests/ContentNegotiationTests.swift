import RingKit
import Testing

@testable import RingService

struct ContentNegotiationTests {
    @Test(arguments: [
        ([], ImageFormat.svg),
        (["image/png"], .png),
        (["image/svg+xml"], .svg),
        (["image/png, image/svg+xml"], .svg),
        (["image/png, image/svg+xml;q=0.9"], .png),
        (["image/svg+xml;q=0.5, image/png;q=0.8"], .png),
        (["image/png;q=0.5, image/svg+xml;q=0.5"], .svg),
        (["image/*"], .svg),
        (["*/*"], .svg),
        (["text/html"], .svg),
        (["image/png, */*;q=0.1"], .png),
        (["image/*;q=0.9, image/svg+xml;q=0.1"], .png),
        (["image/png;q=0"], .svg),
        (["IMAGE/PNG"], .png),
        (["image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"], .svg),
        (["image/svg+xml;q=0.2", "image/png"], .png),
        (["image/png; q=abc"], .svg),
        (["image/webp"], .webp),
        (["image/webp,image/*;q=0.8"], .webp),
        (["image/webp,image/png,image/svg+xml;q=0.5"], .png),
        (["image/gif"], .gif),
        (["image/gif, image/svg+xml;q=0.9, image/webp;q=0.95"], .gif),
        (["image/webp;q=0.9, image/svg+xml"], .svg),
    ])
    func acceptChoosesARasterOnlyWhenPreferred(accept: [String], expected: ImageFormat) {
        #expect(ContentNegotiation.format(accept: accept) == expected)
    }
}
