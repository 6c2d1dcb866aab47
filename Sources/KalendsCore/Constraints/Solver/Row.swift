/// Cassowary's tolerance: coefficients and constants closer to zero than this are zero.
@inline(__always) func nearZero(_ value: Double) -> Bool { abs(value) < 1e-8 }

/// One row of the simplex tableau: `basic = constant + Σ coefficient × symbol`, with
/// the symbols kept sorted by id so every scan visits them in creation order (the
/// order kiwi's tie-breaking uses).
struct Row {
    var constant: Double
    private(set) var symbols: [Int32] = []
    private(set) var coefficients: [Double] = []

    init(constant: Double) { self.constant = constant }

    var isEmpty: Bool { symbols.isEmpty }
    var count: Int { symbols.count }

    /// Index of `symbol`, or where it would be inserted.
    @inline(__always) private func search(_ symbol: Int32) -> (found: Bool, index: Int) {
        var low = 0, high = symbols.count
        while low < high {
            let mid = (low &+ high) >> 1
            let s = symbols[mid]
            if s == symbol { return (true, mid) }
            if s < symbol { low = mid + 1 } else { high = mid }
        }
        return (false, low)
    }

    func coefficient(_ symbol: Int32) -> Double {
        let (found, i) = search(symbol)
        return found ? coefficients[i] : 0
    }

    func contains(_ symbol: Int32) -> Bool { search(symbol).found }

    /// Adds `coefficient` to the symbol's coefficient, dropping it when it becomes
    /// zero. Returns true when the symbol was not in the row before and now is.
    @discardableResult
    mutating func insert(_ symbol: Int32, _ coefficient: Double) -> Bool {
        let (found, i) = search(symbol)
        if found {
            let sum = coefficients[i] + coefficient
            if nearZero(sum) {
                symbols.remove(at: i)
                coefficients.remove(at: i)
            } else {
                coefficients[i] = sum
            }
            return false
        }
        guard !nearZero(coefficient) else { return false }
        symbols.insert(symbol, at: i)
        coefficients.insert(coefficient, at: i)
        return true
    }

    /// Adds `other × coefficient`; `added` sees each symbol new to this row.
    @inline(__always)
    mutating func insert(_ other: Row, times coefficient: Double, added: (Int32) -> Void = { _ in }) {
        constant += other.constant * coefficient
        for i in other.symbols.indices where insert(other.symbols[i], other.coefficients[i] * coefficient) {
            added(other.symbols[i])
        }
    }

    /// Removes the symbol and returns its coefficient (0 when absent).
    @discardableResult
    mutating func remove(_ symbol: Int32) -> Double {
        let (found, i) = search(symbol)
        guard found else { return 0 }
        symbols.remove(at: i)
        return coefficients.remove(at: i)
    }

    mutating func reverseSign() {
        constant = -constant
        for i in coefficients.indices { coefficients[i] = -coefficients[i] }
    }

    /// Rewrites `0 = constant + … + c × symbol + …` as `symbol = …`: the symbol leaves the row.
    mutating func solve(for symbol: Int32) {
        let c = -1.0 / remove(symbol)
        constant *= c
        for i in coefficients.indices { coefficients[i] *= c }
    }

    /// Rewrites `lhs = … + c × rhs + …` as `rhs = …`: lhs joins the row, rhs leaves it.
    /// Returns true when lhs is new to the row (it always is for a basic symbol).
    @discardableResult
    mutating func solve(lhs: Int32, rhs: Int32) -> Bool {
        let added = insert(lhs, -1)
        solve(for: rhs)
        return added
    }

    /// Replaces `symbol` by `row` (which defines it). Returns false when absent.
    @discardableResult
    mutating func substitute(_ symbol: Int32, _ row: Row, added: (Int32) -> Void = { _ in }) -> Bool {
        let c = remove(symbol)
        guard c != 0 else { return false }
        insert(row, times: c, added: added)
        return true
    }

    /// The (symbol, coefficient) pairs in id order.
    var cells: Zip2Sequence<[Int32], [Double]> { zip(symbols, coefficients) }
}
