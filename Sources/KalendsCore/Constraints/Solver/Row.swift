/// Cassowary's tolerance: coefficients and constants closer to zero than this are zero.
@inline(__always) func nearZero(_ value: Double) -> Bool { abs(value) < 1e-8 }

/// One term of a row.
struct Cell {
    var symbol: Int32
    var coefficient: Double
}

/// One row of the simplex tableau: `basic = constant + Σ coefficient × symbol`, with
/// the cells kept sorted by symbol id so every scan visits them in creation order (the
/// order kiwi's tie-breaking uses). One array of cells: one allocation and one
/// uniqueness check per change.
struct Row {
    var constant: Double
    private(set) var cells: [Cell] = []

    init(constant: Double) { self.constant = constant }

    var isEmpty: Bool { cells.isEmpty }
    var count: Int { cells.count }

    /// Index of `symbol`, or where it would be inserted.
    @inline(__always) private func search(_ symbol: Int32) -> (found: Bool, index: Int) {
        cells.withUnsafeBufferPointer { buffer in
            var low = 0, high = buffer.count
            while low < high {
                let mid = (low &+ high) >> 1
                let s = buffer[mid].symbol
                if s == symbol { return (true, mid) }
                if s < symbol { low = mid &+ 1 } else { high = mid }
            }
            return (false, low)
        }
    }

    /// The index and coefficient of the symbol's cell, if it has one.
    @inline(__always) func find(_ symbol: Int32) -> (index: Int, coefficient: Double)? {
        let (found, i) = search(symbol)
        return found ? (i, cells[i].coefficient) : nil
    }

    /// Removes the cell at `index` and returns its coefficient (the cells after it
    /// shift down in place: a memmove, not the array's generic removal).
    mutating func removeCell(at index: Int) -> Double {
        let c = cells.withUnsafeMutableBufferPointer { p -> Double in
            guard let base = p.baseAddress, index >= 0, index < p.count else { return 0 }
            let c = base[index].coefficient
            (base + index).update(from: base + index + 1, count: p.count - index - 1)
            return c
        }
        cells.removeLast()
        return c
    }

    /// Inserts a cell at `index` (appended, then shifted into place).
    private mutating func insertCell(_ cell: Cell, at index: Int) {
        cells.append(cell)
        cells.withUnsafeMutableBufferPointer { p in
            guard let base = p.baseAddress, index >= 0, index < p.count - 1 else { return }
            (base + index + 1).update(from: base + index, count: p.count - 1 - index)
            base[index] = cell
        }
    }

    func coefficient(_ symbol: Int32) -> Double {
        let (found, i) = search(symbol)
        return found ? cells[i].coefficient : 0
    }

    func contains(_ symbol: Int32) -> Bool { search(symbol).found }

    /// False when every cell's symbol is below or above `symbol` (an O(1) test).
    @inline(__always) func mayContain(_ symbol: Int32) -> Bool {
        guard let first = cells.first, let last = cells.last else { return false }
        return first.symbol <= symbol && symbol <= last.symbol
    }

    /// Adds `coefficient` to the symbol's coefficient, dropping it when it becomes
    /// zero. Returns true when the symbol was not in the row before and now is.
    @discardableResult
    mutating func insert(_ symbol: Int32, _ coefficient: Double) -> Bool {
        let (found, i) = search(symbol)
        if found {
            let sum = cells[i].coefficient + coefficient
            if nearZero(sum) {
                _ = removeCell(at: i)     // its coefficient was the one cancelled
            } else {
                cells[i].coefficient = sum
            }
            return false
        }
        guard !nearZero(coefficient) else { return false }
        insertCell(Cell(symbol: symbol, coefficient: coefficient), at: i)
        return true
    }

    /// Adds `other × coefficient`; `added` sees each symbol new to this row. Few
    /// symbols go in one by one; more are merged in one pass through `spare` (a scratch
    /// buffer the caller keeps, so merging allocates only when a row outgrows its own
    /// buffer or the scratch). Into an empty row the cells are copied (shared when
    /// the coefficient is 1 and none is near zero). The same arithmetic every way, so the
    /// same result.
    @inline(__always)
    mutating func insert(_ other: Row, times coefficient: Double, spare: inout [Cell],
                         added: (Int32) -> Void = { _ in }) {
        constant += other.constant * coefficient
        if cells.isEmpty && !other.cells.isEmpty {
            copy(other, times: coefficient, added: added)
        } else if other.cells.count <= 4 || other.cells.count * 8 < cells.count {
            for cell in other.cells where insert(cell.symbol, cell.coefficient * coefficient) {
                added(cell.symbol)
            }
        } else {
            merge(other, times: coefficient, spare: &spare, added: added)
        }
    }

    /// `insert(other, times:)` into an empty row.
    private mutating func copy(_ other: Row, times k: Double, added: (Int32) -> Void) {
        if k == 1 && !other.cells.contains(where: { nearZero($0.coefficient) }) {
            cells = other.cells
        } else {
            cells = other.cells.withUnsafeBufferPointer { theirs in
                [Cell](unsafeUninitializedCapacity: theirs.count) { out, n in
                    n = 0
                    for cell in theirs {
                        let c = cell.coefficient * k
                        if !nearZero(c) {
                            out[n] = Cell(symbol: cell.symbol, coefficient: c)
                            n += 1
                        }
                    }
                }
            }
        }
        for cell in cells { added(cell.symbol) }
    }

    /// Merges `other × k` into the cells through `scratch` (written through a pointer:
    /// no per-cell capacity or uniqueness checks; it only grows, so after the first
    /// merges it is never initialised again), then copies the result back into the
    /// cells' own buffer.
    private mutating func merge(_ other: Row, times k: Double, spare merged: inout [Cell], added: (Int32) -> Void) {
        let a = cells.count, b = other.cells.count
        if merged.count < a + b {
            merged.append(contentsOf: repeatElement(Cell(symbol: 0, coefficient: 0),
                                                    count: max(a + b, 2 * merged.count) - merged.count))
        }
        let n = merged.withUnsafeMutableBufferPointer { out in
            cells.withUnsafeBufferPointer { mine in
                other.cells.withUnsafeBufferPointer { theirs in
                    var i = 0, j = 0, n = 0
                    while i < a && j < b {
                        let x = mine[i], y = theirs[j]
                        if x.symbol < y.symbol {
                            out[n] = x
                            n += 1
                            i += 1
                        } else if x.symbol > y.symbol {
                            let c = y.coefficient * k
                            if !nearZero(c) {
                                out[n] = Cell(symbol: y.symbol, coefficient: c)
                                n += 1
                                added(y.symbol)
                            }
                            j += 1
                        } else {
                            let sum = x.coefficient + y.coefficient * k
                            if !nearZero(sum) {
                                out[n] = Cell(symbol: x.symbol, coefficient: sum)
                                n += 1
                            }
                            i += 1
                            j += 1
                        }
                    }
                    while i < a {
                        out[n] = mine[i]
                        n += 1
                        i += 1
                    }
                    while j < b {
                        let y = theirs[j]
                        let c = y.coefficient * k
                        if !nearZero(c) {
                            out[n] = Cell(symbol: y.symbol, coefficient: c)
                            n += 1
                            added(y.symbol)
                        }
                        j += 1
                    }
                    return n
                }
            }
        }
        cells.removeAll(keepingCapacity: true)
        merged.withUnsafeBufferPointer { cells.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<n])) }
    }

    /// Removes the symbol and returns its coefficient (0 when absent).
    @discardableResult
    mutating func remove(_ symbol: Int32) -> Double {
        let (found, i) = search(symbol)
        guard found else { return 0 }
        return removeCell(at: i)
    }

    mutating func reverseSign() {
        constant = -constant
        for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
    }

    /// Rewrites `0 = constant + … + c × symbol + …` as `symbol = …`: the symbol leaves the row.
    mutating func solve(for symbol: Int32) {
        let c = -1.0 / remove(symbol)
        constant *= c
        for i in cells.indices { cells[i].coefficient *= c }
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
    mutating func substitute(_ symbol: Int32, _ row: Row, spare: inout [Cell]) -> Bool {
        let c = remove(symbol)
        guard c != 0 else { return false }
        insert(row, times: c, spare: &spare)
        return true
    }
}
