extension StrictJSON {
    /// Throws the first problem of `data`, if any; otherwise returns each object's keys in the order written, by the
    /// object's path from the root (array elements named `Index N`, as `JSONDecoder`'s coding path names them).
    @discardableResult
    public static func check(_ data: [UInt8]) throws(Problem) -> [[String]: [String]] {
        var order: [[String]: [String]] = [:]
        func walk(_ value: JSONValue, _ path: [String]) {
            switch value {
            case .object(let members):
                order[path] = members.map(\.key)
                for member in members { walk(member.value, path + [member.key]) }
            case .array(let items):
                for (position, item) in items.enumerated() { walk(item, path + ["Index \(position)"]) }
            default:
                break
            }
        }
        walk(try parse(data), [])
        return order
    }
}
