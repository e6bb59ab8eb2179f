import CGif

extension GIFEncoder {
    /// The rectangle of the screen one frame writes, its palette indices, and whether it is cleared after it shows.
    struct Region {
        var x = 0
        var y = 0
        var width = 0
        var height = 0
        var pixels: [UInt8] = []
        /// Disposal "restore to background": the rectangle is clear again before the next frame.
        var clearedAfter = false

        /// A rectangle as its edges, inclusive; empty while `right < left`.
        private struct Box {
            var left = Int.max, top = Int.max, right = -1, bottom = -1
            var isEmpty: Bool { right < 0 }
            mutating func add(_ x: Int, _ y: Int) {
                (left, right) = (Swift.min(left, x), Swift.max(right, x))
                (top, bottom) = (Swift.min(top, y), Swift.max(bottom, y))
            }
            mutating func add(_ box: Box) {
                guard !box.isEmpty else { return }
                add(box.left, box.top)
                add(box.right, box.bottom)
            }
            func contains(_ x: Int, _ y: Int) -> Bool { x >= left && x <= right && y >= top && y <= bottom }
        }

        /// The regions that show `frames` (palette indices, `width × height` each) in turn: the first whole, each
        /// later one the box of what changed, its unchanged pixels `clear` (kept from before). Where a pixel turns
        /// clear, the frame before takes it into its box and is cleared after it shows, and the next frame draws
        /// that whole box again.
        static func plan(_ frames: [[UInt8]], width: Int, height: Int, clear: UInt8) -> [Region] {
            guard let first = frames.first else { return [] }
            // What each frame changes, and which of those pixels turn clear.
            var changed = [Box](repeating: Box(), count: frames.count)
            var turnsClear = [Box](repeating: Box(), count: frames.count)
            for k in frames.indices.dropFirst() {
                let (before, after) = (frames[k - 1], frames[k])
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<width where before[row + x] != after[row + x] {
                        changed[k].add(x, y)
                        if after[row + x] == clear { turnsClear[k].add(x, y) }
                    }
                }
            }
            var boxes = [Box](repeating: Box(), count: frames.count)
            boxes[0] = Box(left: 0, top: 0, right: width - 1, bottom: height - 1)
            var regions = [Region](repeating: Region(), count: frames.count)
            for k in frames.indices {
                let redrawn = k > 0 && !turnsClear[k].isEmpty
                if k > 0 {
                    boxes[k] = changed[k]
                    if redrawn { boxes[k].add(boxes[k - 1]) }
                }
                if k + 1 < frames.count && !turnsClear[k + 1].isEmpty {
                    boxes[k].add(turnsClear[k + 1])
                    regions[k].clearedAfter = true
                }
                if boxes[k].isEmpty { boxes[k].add(0, 0) }
                let box = boxes[k]
                var region = regions[k]
                (region.x, region.y) = (box.left, box.top)
                (region.width, region.height) = (box.right - box.left + 1, box.bottom - box.top + 1)
                region.pixels.reserveCapacity(region.width * region.height)
                let after = frames[k]
                let before = k > 0 ? frames[k - 1] : first
                for y in box.top...box.bottom {
                    for x in box.left...box.right {
                        let index = after[y * width + x]
                        // Drawn where it changed, on the first frame, and over the box the frame before cleared.
                        let drawn = k == 0 || index != before[y * width + x] || (redrawn && boxes[k - 1].contains(x, y))
                        region.pixels.append(drawn ? index : clear)
                    }
                }
                regions[k] = region
            }
            return regions
        }

        /// Writes the image descriptor and the pixels, LZW-coded by giflib.
        func put(_ gif: UnsafeMutablePointer<GifFileType>) throws(RenderError) {
            guard EGifPutImageDesc(gif, Int32(x), Int32(y), Int32(width), Int32(height), false, nil) == GIF_OK else {
                throw RenderError("GIF encoding: giflib refused a frame of \(width)×\(height)")
            }
            var pixels = pixels
            let written = pixels.withUnsafeMutableBufferPointer {
                EGifPutLine(gif, $0.baseAddress, Int32($0.count))
            }
            guard written == GIF_OK else { throw RenderError("GIF encoding: giflib could not write a frame") }
        }
    }
}
