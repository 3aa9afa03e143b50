// Package bankscope is a Go wrapper over the bankscope C ABI (include/bankscope.h):
// Indian bank statements (PDF or Account Aggregator data) in, the interface's
// JSON responses out.
//
// It links the static library built by `cargo build -p bankscope-ffi` from
// target/debug of the repository. To link another build, put its directory
// first with CGO_LDFLAGS="-L/path/to/dir" (searched before the default).
// The Go build cache does not track that library: after rebuilding it, use
// `go build` (which relinks) or `go test -count=1`, not a cached `go run`.
//
// An Entity is safe for concurrent use: adding statements is serialised and
// reads run in parallel. Its C handle is freed by Close, or by a finalizer
// when an Entity is dropped without Close.
package bankscope

/*
#cgo CFLAGS: -I${SRCDIR}/../../include
#cgo LDFLAGS: -L${SRCDIR}/../../target/debug -l:libbankscope_ffi.a -lgcc_s -lutil -lrt -lpthread -lm -ldl
#include <stdlib.h>
#include "bankscope.h"
*/
import "C"

import (
	"encoding/json"
	"fmt"
	"runtime"
	"sync"
	"unsafe"
)

// Status is the result code of a C call. The numbers are those of the C enum
// bankscope_status and never change meaning.
type Status int32

// The statuses, taken from the header so they cannot drift from it.
const (
	StatusOK                = Status(C.BANKSCOPE_STATUS_OK)
	StatusNullArgument      = Status(C.BANKSCOPE_STATUS_NULL_ARGUMENT)
	StatusInvalidUTF8       = Status(C.BANKSCOPE_STATUS_INVALID_UTF8)
	StatusPanic             = Status(C.BANKSCOPE_STATUS_PANIC)
	StatusPasswordIncorrect = Status(C.BANKSCOPE_STATUS_PASSWORD_INCORRECT)
	StatusPDFIsImage        = Status(C.BANKSCOPE_STATUS_PDF_IS_IMAGE)
	StatusNotAStatement     = Status(C.BANKSCOPE_STATUS_NOT_A_STATEMENT)
	StatusUnsupportedFormat = Status(C.BANKSCOPE_STATUS_UNSUPPORTED_FORMAT)
	StatusBankNameMismatch  = Status(C.BANKSCOPE_STATUS_BANK_NAME_MISMATCH)
	StatusBankUndetected    = Status(C.BANKSCOPE_STATUS_BANK_UNDETECTED)
	StatusLimitExceeded     = Status(C.BANKSCOPE_STATUS_LIMIT_EXCEEDED)
	StatusMalformed         = Status(C.BANKSCOPE_STATUS_MALFORMED)
	StatusInvalidArgument   = Status(C.BANKSCOPE_STATUS_INVALID_ARGUMENT)
)

// String is the status's stable upper-case name ("PASSWORD_INCORRECT"), or
// "UNKNOWN" for a number that is no status.
func (s Status) String() string {
	return C.GoString(C.bankscope_status_name(C.int32_t(s)))
}

// Error is a failed call: its status and the library's message.
type Error struct {
	Status  Status
	Message string
}

func (e *Error) Error() string {
	return fmt.Sprintf("bankscope: %s (%d): %s", e.Status, int32(e.Status), e.Message)
}

// Is reports whether target is an *Error with the same status, so
// errors.Is(err, &bankscope.Error{Status: bankscope.StatusPasswordIncorrect}) works.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Status == e.Status
}

// call runs one C call and turns a failure into an *Error. The message lives
// in thread-local storage of the library, so the goroutine stays on one OS
// thread from the call until the message is read.
func call(f func() C.bankscope_status) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	st := Status(f())
	if st == StatusOK {
		return nil
	}
	msg := ""
	if p := C.bankscope_last_error_message(); p != nil {
		msg = C.GoString(p)
	}
	return &Error{Status: st, Message: msg}
}

// Version is the library's version.
func Version() string {
	return C.GoString(C.bankscope_version())
}

// Metadata are a caller's hints about the customer.
type Metadata struct {
	Names                    []string `json:"names,omitempty"`
	EmployerNames            []string `json:"employer_names,omitempty"`
	CompaniesForSelfTransfer []string `json:"companies_for_self_transfer,omitempty"`
}

// Limits bound the work one document may cause; a zero field keeps the
// library's default.
type Limits struct {
	InputBytes             uint64 `json:"input_bytes,omitempty"`
	Pages                  uint64 `json:"pages,omitempty"`
	StreamBytes            uint64 `json:"stream_bytes,omitempty"`
	TotalDecompressedBytes uint64 `json:"total_decompressed_bytes,omitempty"`
	ObjectDepth            uint64 `json:"object_depth,omitempty"`
	TimeMillis             uint64 `json:"time_millis,omitempty"`
	GlyphsPerPage          uint64 `json:"glyphs_per_page,omitempty"`
	Glyphs                 uint64 `json:"glyphs,omitempty"`
}

// Options configure a new Entity; the zero value is valid.
type Options struct {
	LinkID   string    `json:"link_id,omitempty"`
	Metadata *Metadata `json:"metadata,omitempty"`
	Limits   *Limits   `json:"limits,omitempty"`
}

// StatementSummary is what reading one statement gave.
type StatementSummary struct {
	StatementID   string `json:"statement_id"`
	AccountID     string `json:"account_id"`
	Source        string `json:"source"`
	Bank          string `json:"bank"`
	Name          string `json:"name"`
	AccountNumber string `json:"account_number"`
	// PeriodFrom and PeriodTo are "YYYY-MM-DD", or "" when not printed.
	PeriodFrom   string `json:"period_from"`
	PeriodTo     string `json:"period_to"`
	Transactions int    `json:"transactions"`
	// Balances in rupees as exact decimal text ("4578.00"), "" when not printed.
	OpeningBalance json.Number `json:"opening_balance"`
	ClosingBalance json.Number `json:"closing_balance"`
	// BalanceBreaks counts rows where the running balance breaks.
	BalanceBreaks int `json:"balance_breaks"`
	// RowsProven counts rows the balance chain proves.
	RowsProven int `json:"rows_proven"`
	// Reconciles is true when every row is proven from the opening to the closing balance.
	Reconciles bool `json:"reconciles"`
	// Reading is the reading report in one line (rows read and proven, first break, confidence).
	Reading string `json:"reading"`
}

// Entity holds the statements of one customer.
type Entity struct {
	mu sync.RWMutex
	// ptr is the C handle, nil after Close (the library then answers
	// StatusNullArgument).
	ptr *C.bankscope_entity
}

// New creates an entity; opts may be nil.
func New(opts *Options) (*Entity, error) {
	var cOpts *C.char
	if opts != nil {
		text, err := json.Marshal(opts)
		if err != nil {
			return nil, err
		}
		cOpts = C.CString(string(text))
		defer C.free(unsafe.Pointer(cOpts))
	}
	var h *C.bankscope_entity
	if err := call(func() C.bankscope_status { return C.bankscope_entity_new(cOpts, &h) }); err != nil {
		return nil, err
	}
	e := &Entity{ptr: h}
	runtime.SetFinalizer(e, (*Entity).Close)
	return e, nil
}

// Close frees the C handle. Safe to call more than once; later calls on the
// entity fail with StatusNullArgument.
func (e *Entity) Close() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.ptr != nil {
		C.bankscope_entity_free(e.ptr)
		e.ptr = nil
	}
	runtime.SetFinalizer(e, nil)
}

// AddPDF reads a statement PDF into the entity. password is "" for an
// unencrypted PDF; bank is "" or the bank the statement is declared to be
// from. On error nothing is added.
func (e *Entity) AddPDF(data []byte, password, bank string) (*StatementSummary, error) {
	cPassword, cBank := cStringOrNil(password), cStringOrNil(bank)
	defer C.free(unsafe.Pointer(cPassword))
	defer C.free(unsafe.Pointer(cBank))
	e.mu.Lock()
	defer e.mu.Unlock()
	var out *C.char
	err := call(func() C.bankscope_status {
		return C.bankscope_entity_add_pdf(e.ptr, bytesPtr(data), C.size_t(len(data)), cPassword, cBank, &out)
	})
	runtime.KeepAlive(e)
	if err != nil {
		return nil, err
	}
	var summary StatementSummary
	if err := json.Unmarshal(takeString(out), &summary); err != nil {
		return nil, err
	}
	return &summary, nil
}

// AddAA reads Account Aggregator data (ReBIT deposit JSON or XML) into the
// entity: one summary per account in the data. bank may be "".
func (e *Entity) AddAA(data []byte, bank string) ([]StatementSummary, error) {
	cBank := cStringOrNil(bank)
	defer C.free(unsafe.Pointer(cBank))
	e.mu.Lock()
	defer e.mu.Unlock()
	var out *C.char
	err := call(func() C.bankscope_status {
		return C.bankscope_entity_add_aa(e.ptr, bytesPtr(data), C.size_t(len(data)), cBank, &out)
	})
	runtime.KeepAlive(e)
	if err != nil {
		return nil, err
	}
	var summaries []StatementSummary
	if err := json.Unmarshal(takeString(out), &summaries); err != nil {
		return nil, err
	}
	return summaries, nil
}

// Get returns the JSON of one read endpoint ("accounts", "identity",
// "transactions", "monthly_analysis_updated", ...), for one account when
// accountID is not "" (only the endpoints that filter by account accept it).
func (e *Entity) Get(resource, accountID string) (json.RawMessage, error) {
	cResource := C.CString(resource)
	defer C.free(unsafe.Pointer(cResource))
	cAccount := cStringOrNil(accountID)
	defer C.free(unsafe.Pointer(cAccount))
	e.mu.RLock()
	defer e.mu.RUnlock()
	var out *C.char
	err := call(func() C.bankscope_status { return C.bankscope_entity_get(e.ptr, cResource, cAccount, &out) })
	runtime.KeepAlive(e)
	if err != nil {
		return nil, err
	}
	return takeString(out), nil
}

// XLSX returns the xlsx report as workbook bytes (an Excel .xlsx file, a zip
// archive): with accountID "", the only account's workbook when the entity has
// one account, else the entity workbook (an overview of every account); with an
// accountID, that account's workbook. An unknown account id, or an entity
// without statements, is StatusInvalidArgument.
func (e *Entity) XLSX(accountID string) ([]byte, error) {
	cAccount := cStringOrNil(accountID)
	defer C.free(unsafe.Pointer(cAccount))
	e.mu.RLock()
	defer e.mu.RUnlock()
	var ptr *C.uint8_t
	var n C.size_t
	err := call(func() C.bankscope_status { return C.bankscope_entity_xlsx(e.ptr, cAccount, &ptr, &n) })
	runtime.KeepAlive(e)
	if err != nil {
		return nil, err
	}
	// Copy into Go memory, then give the buffer back with the length it came with.
	defer C.bankscope_bytes_free(ptr, n)
	return append([]byte(nil), unsafe.Slice((*byte)(unsafe.Pointer(ptr)), int(n))...), nil
}

// cStringOrNil is NULL for "" (the library reads NULL as "not given");
// free it with C.free (which accepts NULL).
func cStringOrNil(s string) *C.char {
	if s == "" {
		return nil
	}
	return C.CString(s)
}

// bytesPtr points at the first byte, or is NULL for an empty slice.
func bytesPtr(b []byte) *C.uint8_t {
	if len(b) == 0 {
		return nil
	}
	return (*C.uint8_t)(unsafe.Pointer(&b[0]))
}

// takeString copies a library string into Go memory and frees it.
func takeString(p *C.char) []byte {
	defer C.bankscope_string_free(p)
	return []byte(C.GoString(p))
}
