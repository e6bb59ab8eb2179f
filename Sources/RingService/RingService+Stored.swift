import HTTPServer
import RingKit
import StoredValues

extension RingService {
    /// An image of stored values (`value=@name`, `value=@a,@b`, `/ring/@name.svg`): the values are written into the
    /// request as numbers, so it is byte for byte the image of the same numbers in the URL, cached by them (an
    /// unchanged value keeps its ETag), fresh for `storedMaxAge`. Nil when the request names no stored value.
    func storedImage(
        _ request: HTTPRequest, _ drawing: Drawing.Request, format: ImageFormat, varyAccept: Bool
    ) -> ImageAnswer? {
        guard Self.mayNameStoredValue(request.target) else { return nil }
        let resolved: Drawing.Request
        let shown: String
        switch resolve(drawing) {
        case nil:
            return nil
        case .failure(let error):
            let refusal = RefusalImage(message: error.message, for: drawing, format: format)
            let response = errorImage(refusal, format: format, varyAccept: varyAccept)
            return .now(response.adding([.xSource: LiveOrigin.stored.rawValue]), .error, .stored)
        case .success(let request):
            (resolved, shown) = request
        }
        let maxAge = configuration.values.maxAge
        let headers: HTTPHeaders = [
            .cacheControl: "public, max-age=\(maxAge), s-maxage=\(maxAge)", .xSource: LiveOrigin.stored.rawValue,
        ]
        let alias = TargetKey(target: request.target + "\n" + shown, format: format)
        if let entry = cache.value(aliasedBy: alias) {
            return .now(answer(request, with: entry).adding(headers), .hit, .stored)
        }
        let parsed: Drawing
        do {
            parsed = try renderer.parse(resolved)
        } catch {
            let refusal = RefusalImage(message: error.message, for: drawing, format: format)
            let response = errorImage(refusal, format: format, varyAccept: varyAccept)
            return .now(response.adding([.xSource: LiveOrigin.stored.rawValue]), .error, .stored)
        }
        let key = cacheKey(parsed, format: format, varyAccept: varyAccept, live: true)
        return placedAnswer(request, parsed, key: key, alias: alias, onLoop: true, headers: headers, origin: .stored)
    }

    /// The request with each `@name` of its value replaced by the stored number (and the first record's `max`
    /// where the URL gives none), with the text that tells this resolution from another; nil when the value names
    /// no stored value, a refusal naming `value` when one is not there.
    func resolve(_ drawing: Drawing.Request) -> Result<(Drawing.Request, String), ParameterError>? {
        let given = QueryParameters(query: drawing.query)
        let text: String
        do throws(ParameterError) {
            if let pathValue = drawing.pathValue {
                guard let decoded = try QueryParameters(query: "v=" + pathValue).value("v") else { return nil }
                text = decoded
            } else {
                guard let value = try given.value("value") else { return nil }
                text = value
            }
        } catch {
            return nil  // the parser says what is wrong with it
        }
        guard text.contains("@") else { return nil }
        var numbers: [String] = []
        var max: Double? = nil
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = item.trimmingPrefix(" ")
            guard item.hasPrefix("@") else {
                numbers.append(String(item))
                continue
            }
            let name = String(item.dropFirst())
            let refusal = { (reason: String) in
                ParameterError(parameter: "value", value: ParameterError.quoted(item), reason: reason)
            }
            guard let store else {
                return .failure(
                    refusal(
                        "names a stored value, and stored values are off on this server (its operator turns them "
                            + "on with valueTokens)"))
            }
            if let problem = ValueName.problem(name) {
                return .failure(refusal("names no stored value: the name \(problem)"))
            }
            guard let record = store.record(name) else {
                return .failure(refusal("names no stored value (push one with PUT /values/\(name))"))
            }
            numbers.append(Self.number(record.value))
            if max == nil { max = record.max }
        }
        let list = numbers.joined(separator: ",")
        var resolved = drawing
        var shown = "value=" + list
        var extra = ""
        if let max, !given.contains("max") {
            extra = "&max=" + Self.number(max)
            shown += extra
        }
        if drawing.pathValue != nil {
            resolved.pathValue = list
            resolved.query = Substring(String(drawing.query) + extra)
        } else {
            resolved.query = Substring(Self.query(drawing.query, without: "value") + "&value=" + list + extra)
        }
        return .success((resolved, shown))
    }

    /// `query` less every parameter whose decoded name is `name`.
    static func query(_ query: Substring, without name: String) -> String {
        query.split(separator: "&").filter { piece in
            let pieceName = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return QueryParameters(query: pieceName + "=").names.first != name
        }.joined(separator: "&")
    }

    /// Whether `target` may name a stored value: it holds `@` or `%40` (one scan of its bytes).
    static func mayNameStoredValue(_ target: String) -> Bool {
        var percent = 0
        for byte in target.utf8 {
            switch byte {
            case UInt8(ascii: "@"): return true
            case UInt8(ascii: "%"): percent = 1
            case UInt8(ascii: "4") where percent == 1: percent = 2
            case UInt8(ascii: "0") where percent == 2: return true
            default: percent = 0
            }
        }
        return false
    }
}
