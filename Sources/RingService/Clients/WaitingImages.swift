import HTTPServer

/// The images waiting for a worker thread (queued or being drawn), by client and in all: the rules of
/// `ClientShares` as a plain value, tested without threads. A client may have at most `bound` distinct images waiting;
/// a request for an image it already has waiting always joins it. A request is the one that causes a render only
/// when no client has that image waiting: the others wait for that render, so only the first is charged a token of
/// the client's rate (`ClientRates`).
struct WaitingImages {
    /// What a request for an image not in the cache comes to.
    enum Place: Equatable {
        /// Refused: the client has `bound` other images waiting.
        case refused
        /// Taken, and nothing of this image waits yet: this request's job draws it.
        case draws
        /// Taken, behind a render of the same image already waiting (this client's or another's).
        case joins
    }

    /// Each client's share (`ClientAddress.share`) with work waiting: its images, and how many requests wait for each.
    private var byClient: [ClientAddress?: [CacheKey: Int]] = [:]
    /// Requests waiting for each image, whoever asked.
    private var byImage: [CacheKey: Int] = [:]

    /// Clients with work waiting now.
    var clients: Int { byClient.count }

    /// Takes a place for one more request of `address` for `key`, where each client may have `bound` distinct images
    /// waiting.
    mutating func take(_ address: ClientAddress?, _ key: CacheKey, bound: Int) -> Place {
        let client = address?.share
        var own = byClient.removeValue(forKey: client) ?? [:]
        defer { byClient[client] = own.isEmpty ? nil : own }
        if let count = own[key] {
            own[key] = count + 1
        } else {
            guard own.count < bound else { return .refused }
            own[key] = 1
        }
        let others = byImage[key, default: 0]
        byImage[key] = others + 1
        return others == 0 ? .draws : .joins
    }

    /// Gives back a place taken by `take` (not one refused).
    mutating func release(_ address: ClientAddress?, _ key: CacheKey) {
        let client = address?.share
        if var own = byClient.removeValue(forKey: client) {
            let count = own[key, default: 0]
            own[key] = count <= 1 ? nil : count - 1
            // Emptied entries go, so the table holds only clients with work waiting.
            if !own.isEmpty { byClient[client] = own }
        }
        let count = byImage[key, default: 0]
        byImage[key] = count <= 1 ? nil : count - 1
    }
}
