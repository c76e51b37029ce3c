package model

// BankRow returns the row, within its bank, of the bank word that holds a
// shared-memory byte address. Lanes that touch one bank in one phase cost
// one wavefront per distinct row (explain draws requests this way).
func (a *Arch) BankRow(addr int64) int64 {
	w := floorDiv(addr, int64(a.BankWidth))
	return floorDiv(w*int64(a.BankWidth), int64(a.RowWidth*a.Banks))
}

// WordSpan returns the byte addresses of the first and the last bank word
// an access of size bytes at addr covers.
func (a *Arch) WordSpan(addr int64, size int) (first, last int64) {
	f, l := a.wordSpan(addr, size)
	return f * int64(a.BankWidth), l * int64(a.BankWidth)
}
