/// The words some event members choose from, as the fast event decoder looks them
/// up in bytes: each table built from the very enumeration the full decoder checks
/// a word against (`RequestCause`, `CacheLayer`, `ScrollPosition`), and the image
/// words from the values `ImageShown` writes.
struct EventWords: Sendable {
    let causes = NameLookup(RequestCause.allCases.map { ($0.rawValue, $0) })
    let layers = NameLookup(CacheLayer.allCases.map { ($0.rawValue, $0) })
    let positions = NameLookup(ScrollPosition.allCases.map { ($0.rawValue, $0.rawValue) })
    let images: NameLookup<ImageShown> = NameLookup([ImageShown.nothing, .placeholder].compactMap { shown in
        if case .string(let word) = shown.jsonValue { return (word, shown) }
        return nil
    })

    static let shared = EventWords()
}
