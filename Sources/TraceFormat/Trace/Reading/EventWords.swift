/// The words some event members choose from, as the fast event decoder looks them
/// up in bytes: each table built from the very enumeration the full decoder checks
/// a word against (`RequestCause`, `CacheLayer`, `ScrollPosition`), and the image
/// words from `ImageShown.words`.
struct EventWords: Sendable {
    let causes = NameLookup(RequestCause.allCases.map { ($0.rawValue, $0) })
    let layers = NameLookup(CacheLayer.allCases.map { ($0.rawValue, $0) })
    let positions = NameLookup(ScrollPosition.allCases.map { ($0.rawValue, $0.rawValue) })
    let images: NameLookup<ImageShown> = NameLookup(ImageShown.words.map { ($0.word, $0.shown) })

    static let shared = EventWords()
}
