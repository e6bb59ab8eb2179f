import RingKit

/// Where an image's render runs, decided here for URL values and live values alike: on the thread that asked (an
/// event loop, or the thread that read a live value), or on the asking loop's worker thread; and, wherever it
/// runs, whether it first takes the large-render gate (`RingService.largeRenders`).
enum RenderPlacement: Equatable, Sendable {
    /// Answered by the thread that asked: from the cache, or drawn there. A loop draws only PNGs up to
    /// `workerRenderEdge` px and SVGs; a thread that read a live value may draw anything (no loop waits for it).
    case inPlace
    /// Drawn on the asking loop's worker thread (`HTTPAnswer.later`), whose entry the loop copies after sending.
    case loopWorker

    /// Rasters (PNG, GIF, WebP) with more pixels on a side than this are drawn off the event loop when they are not cached, so a loop
    /// never spends much more on one miss than on an SVG with a gradient (the cost per size is in
    /// docs/benchmarks.md, `make bench-render`).
    static let workerRenderEdge = 64
    /// PNGs with more pixels on a side than this (a surface over 4 MiB) are drawn one at a time, whichever thread
    /// draws them, so a flood of 2048 px misses holds one 16 MiB surface, not one per loop.
    static let largeRenderEdge = 1024

    /// `onLoop`: asked on an event loop; `cached`: whether the cache holds the image (asked only when it decides).
    static func of(
        format: ImageFormat, pixelEdge: Int, onLoop: Bool, cached: @autoclosure () -> Bool
    ) -> RenderPlacement {
        onLoop && drawnOffLoop(format: format, pixelEdge: pixelEdge) && !cached() ? .loopWorker : .inPlace
    }

    /// Whether a miss of this image is too costly for a loop: a PNG over `workerRenderEdge` px, and every other
    /// raster (WebP, GIF), whose encoders cost 8–12 × a PNG's of the same image (libwebp's search, the palette and
    /// LZW; see docs/benchmarks.md, "GIF and WebP"): a 48 px animated GIF is 21 frames.
    static func drawnOffLoop(format: ImageFormat, pixelEdge: Int) -> Bool {
        switch format {
        case .svg: false
        case .png: pixelEdge > workerRenderEdge
        default: true
        }
    }

    /// Whether drawing the image takes the large-render gate first, on whichever thread draws it.
    static func behindLargeRenderGate(format: ImageFormat, pixelEdge: Int) -> Bool {
        format.isRaster && pixelEdge > largeRenderEdge
    }
}
