import TraceModel
import ToolSupport

/// The words some event members choose from, as the fast event decoder looks them
/// up in bytes: each table built from the very enumeration the full decoder checks
/// a word against (`RequestCause`, `CacheLayer`, `ScrollPosition`), and the image
/// words from `ImageShown.words`.
struct EventWords: Sendable {
    let causes: NameLookup<RequestCause>
    let layers = NameLookup(CacheLayer.allCases.map { ($0.rawValue, $0) })
    let positions = NameLookup(ScrollPosition.allCases.map { ($0.rawValue, $0.rawValue) })
    let images: NameLookup<ImageShown> = NameLookup(ImageShown.words.map { ($0.word, $0.shown) })

    private init(list: ListStyle) {
        causes = NameLookup(RequestCause.named(in: list).map { ($0.name, $0.cause) })
    }

    static let shared = EventWords(list: .table)
    /// A collection view's trace names the cause `cellForItemAt`.
    static let collection = EventWords(list: .collection(columns: 1))

    static func of(_ list: ListStyle) -> EventWords { list.isCollection ? collection : shared }
}
