/// A request target whose signature was checked and held (`URLSigning.verified`): the target without `sig`, `exp`
/// and `key`, and its expiry. Only the very bytes checked find it again: a URL that differs in one byte, its
/// signature included, is checked in full.
struct VerifiedTarget: TargetMemoEntry {
    /// What the image is drawn and cached from: the path and the query less the signing parameters.
    let target: String
    /// Unix seconds, from `exp`.
    let expires: Int64?

    /// The key, this target and the entry itself.
    func cost(for target: String) -> Int { target.utf8.count + self.target.utf8.count + 96 }
}
