package bankscope

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The fixture every test reads: an encrypted Axis statement (LibreOffice) whose
// expected contents are in its .truth.json (made by fixtures/statements/generate.py).
const fixture = "axis_libreoffice_encrypted"

type truth struct {
	Bank     string `json:"bank"`
	Password string `json:"password"`
	Identity struct {
		Name          string `json:"name"`
		AccountNumber string `json:"account_number"`
		PeriodFrom    string `json:"period_from"`
		PeriodTo      string `json:"period_to"`
		Opening       string `json:"opening_balance"`
		Closing       string `json:"closing_balance"`
	} `json:"identity"`
	Transactions []struct {
		Date   string `json:"date"`
		Note   string `json:"note"`
		Type   string `json:"type"`
		Amount string `json:"amount"`
	} `json:"transactions"`
}

func load(t *testing.T) ([]byte, truth) {
	t.Helper()
	dir := filepath.Join("..", "..", "fixtures", "statements")
	pdf, err := os.ReadFile(filepath.Join(dir, fixture+".pdf"))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, fixture+".truth.json"))
	if err != nil {
		t.Fatal(err)
	}
	var tr truth
	if err := json.Unmarshal(raw, &tr); err != nil {
		t.Fatal(err)
	}
	if tr.Password == "" || len(tr.Transactions) == 0 {
		t.Fatalf("truth of %s has no password or no transactions", fixture)
	}
	return pdf, tr
}

func newEntity(t *testing.T, opts *Options) *Entity {
	t.Helper()
	e, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e
}

// wantStatus fails unless err is an *Error with status want and a message containing text.
func wantStatus(t *testing.T, err error, want Status, text string) {
	t.Helper()
	var be *Error
	if !errors.As(err, &be) {
		t.Fatalf("want a *bankscope.Error with %s, got %v", want, err)
	}
	if be.Status != want {
		t.Fatalf("want status %s (%d), got %s (%d): %s", want, int32(want), be.Status, int32(be.Status), be.Message)
	}
	if !strings.Contains(be.Message, text) {
		t.Fatalf("message %q does not contain %q", be.Message, text)
	}
	if !errors.Is(err, &Error{Status: want}) {
		t.Fatalf("errors.Is does not match status %s", want)
	}
}

func TestAnalysesFixturePDF(t *testing.T) {
	pdf, tr := load(t)
	e := newEntity(t, &Options{LinkID: "go-test", Metadata: &Metadata{Names: []string{tr.Identity.Name}}})

	s, err := e.AddPDF(pdf, tr.Password, tr.Bank)
	if err != nil {
		t.Fatal(err)
	}
	if s.Bank != tr.Bank || s.Name != tr.Identity.Name || s.AccountNumber != tr.Identity.AccountNumber {
		t.Fatalf("summary %+v, truth bank %s name %s account %s", s, tr.Bank, tr.Identity.Name, tr.Identity.AccountNumber)
	}
	if s.Transactions != len(tr.Transactions) {
		t.Fatalf("%d transactions, truth has %d", s.Transactions, len(tr.Transactions))
	}
	if s.PeriodFrom != tr.Identity.PeriodFrom || s.PeriodTo != tr.Identity.PeriodTo {
		t.Fatalf("period %s..%s, truth %s..%s", s.PeriodFrom, s.PeriodTo, tr.Identity.PeriodFrom, tr.Identity.PeriodTo)
	}
	if string(s.OpeningBalance) != tr.Identity.Opening || string(s.ClosingBalance) != tr.Identity.Closing {
		t.Fatalf("balances %s..%s, truth %s..%s", s.OpeningBalance, s.ClosingBalance, tr.Identity.Opening, tr.Identity.Closing)
	}
	if s.Source != "pdf" || s.BalanceBreaks != 0 {
		t.Fatalf("source %q, %d balance breaks", s.Source, s.BalanceBreaks)
	}
	if !s.Reconciles || s.RowsProven != len(tr.Transactions) || !strings.HasPrefix(s.Reading, fmt.Sprintf("%d rows read, %d proven", len(tr.Transactions), len(tr.Transactions))) {
		t.Fatalf("reading report: %+v", s)
	}

	var identity struct {
		Identity []struct {
			AccountID     string `json:"account_id"`
			Name          string `json:"name"`
			AccountNumber string `json:"account_number"`
		} `json:"identity"`
	}
	decode(t, e, "identity", "", &identity)
	if len(identity.Identity) != 1 || identity.Identity[0].Name != tr.Identity.Name ||
		identity.Identity[0].AccountNumber != tr.Identity.AccountNumber || identity.Identity[0].AccountID != s.AccountID {
		t.Fatalf("identity %+v", identity.Identity)
	}

	var txns struct {
		Transactions []struct {
			AccountID string      `json:"account_id"`
			Date      string      `json:"date"`
			Type      string      `json:"transaction_type"`
			Amount    json.Number `json:"amount"`
			Note      string      `json:"transaction_note"`
		} `json:"transactions"`
	}
	decode(t, e, "transactions", s.AccountID, &txns)
	if len(txns.Transactions) != len(tr.Transactions) {
		t.Fatalf("%d transactions, truth has %d", len(txns.Transactions), len(tr.Transactions))
	}
	// Same rows in the same order: date, type and exact amount of each.
	for i, want := range tr.Transactions {
		got := txns.Transactions[i]
		if got.AccountID != s.AccountID || got.Date != want.Date || got.Type != want.Type ||
			string(got.Amount) != want.Amount {
			t.Fatalf("transaction %d: got %+v, truth %+v", i, got, want)
		}
	}
}

// The monthly analysis's total credits and debits per month equal the truth
// rows summed by calendar month (in paise, so the comparison is exact).
func TestMonthlyTotalsMatchTheTruth(t *testing.T) {
	pdf, tr := load(t)
	e := newEntity(t, nil)
	s, err := e.AddPDF(pdf, tr.Password, "")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]int64{"amt_credit": {}, "amt_debit": {}}
	for _, row := range tr.Transactions {
		day, err := time.Parse("2006-01-02 15:04:05", row.Date)
		if err != nil {
			t.Fatal(err)
		}
		want["amt_"+row.Type][day.Format("Jan-2006")] += paise(t, row.Amount)
	}
	var monthly struct {
		MonthlyAnalysis map[string]struct {
			MonthlyAnalysis map[string]map[string]json.Number `json:"monthly_analysis"`
		} `json:"monthly_analysis"`
	}
	decode(t, e, "monthly_analysis_updated", "", &monthly)
	fields := monthly.MonthlyAnalysis[s.AccountID].MonthlyAnalysis
	for field, months := range want {
		if len(months) == 0 || len(fields[field]) != len(months) {
			t.Fatalf("%s: months %v, truth has %v", field, fields[field], months)
		}
		for month, total := range months {
			if got := paise(t, string(fields[field][month])); got != total {
				t.Fatalf("%s %s: %d paise, truth sums to %d", field, month, got, total)
			}
		}
	}
}

// paise reads a rupee amount with two decimals ("395.50") exactly.
func paise(t *testing.T, rupees string) int64 {
	t.Helper()
	whole, frac, ok := strings.Cut(rupees, ".")
	if !ok || len(frac) != 2 {
		t.Fatalf("amount %q does not have two decimals", rupees)
	}
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		t.Fatalf("amount %q: %v", rupees, err)
	}
	return n
}

func decode(t *testing.T, e *Entity, resource, accountID string, v interface{}) {
	t.Helper()
	raw, err := e.Get(resource, accountID)
	if err != nil {
		t.Fatalf("%s: %v", resource, err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: %v", resource, err)
	}
}

func TestWrongPasswordIsPasswordStatus(t *testing.T) {
	pdf, tr := load(t)
	e := newEntity(t, nil)
	_, err := e.AddPDF(pdf, "not-"+tr.Password, "")
	wantStatus(t, err, StatusPasswordIncorrect, "password")
	_, err = e.AddPDF(pdf, "", "")
	wantStatus(t, err, StatusPasswordIncorrect, "password")
	if got := err.Error(); !strings.HasPrefix(got, "bankscope: PASSWORD_INCORRECT (10): ") {
		t.Fatalf("error text %q", got)
	}
	// Nothing was added.
	var accounts struct {
		Accounts []json.RawMessage `json:"accounts"`
	}
	decode(t, e, "accounts", "", &accounts)
	if len(accounts.Accounts) != 0 {
		t.Fatalf("a failed read added %d accounts", len(accounts.Accounts))
	}
}

func TestGarbageIsMalformed(t *testing.T) {
	e := newEntity(t, nil)
	_, err := e.AddPDF([]byte("%PDF-1.7 but nothing after the header"), "", "")
	wantStatus(t, err, StatusMalformed, "")
	_, err = e.AddPDF(nil, "", "")
	wantStatus(t, err, StatusMalformed, "")
	_, err = e.AddAA([]byte("{not json"), "")
	wantStatus(t, err, StatusMalformed, "")
}

func TestDeclaredBankAndLimits(t *testing.T) {
	pdf, tr := load(t)
	e := newEntity(t, nil)
	_, err := e.AddPDF(pdf, tr.Password, "hdfc")
	wantStatus(t, err, StatusBankNameMismatch, tr.Bank)
	// 1000 bytes is less than any fixture PDF.
	small := newEntity(t, &Options{Limits: &Limits{InputBytes: 1000}})
	_, err = small.AddPDF(pdf, tr.Password, "")
	wantStatus(t, err, StatusLimitExceeded, "input_bytes")
}

// The xlsx report of the fixture: a zip archive (local file header
// "PK\x03\x04") whose xl/workbook.xml lists the account workbook's sheets;
// the same workbook by account id; typed errors for an unknown account and for
// an entity without statements.
func TestXLSXReport(t *testing.T) {
	pdf, tr := load(t)
	e := newEntity(t, nil)
	_, err := e.XLSX("")
	wantStatus(t, err, StatusInvalidArgument, "no statements")
	s, err := e.AddPDF(pdf, tr.Password, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"", s.AccountID} {
		b, err := e.XLSX(id)
		if err != nil {
			t.Fatalf("XLSX(%q): %v", id, err)
		}
		// A workbook of 15 sheets with the fixture's rows is tens of kilobytes;
		// 4 KiB rules out an empty or truncated archive.
		if !bytes.HasPrefix(b, []byte("PK\x03\x04")) || len(b) < 4096 {
			head := b
			if len(head) > 4 {
				head = head[:4]
			}
			t.Fatalf("XLSX(%q): %d bytes starting %q", id, len(b), head)
		}
		workbook := zipEntry(t, b, "xl/workbook.xml")
		for _, sheet := range []string{"Overview", "Transactions", "Daily EOD Balances", "Monthly Analysis", "Salary", "Predictors"} {
			if !strings.Contains(workbook, `<sheet name="`+sheet+`"`) {
				t.Fatalf("XLSX(%q): no sheet %q in xl/workbook.xml", id, sheet)
			}
		}
	}
	_, err = e.XLSX("no-such-account")
	wantStatus(t, err, StatusInvalidArgument, `no account "no-such-account"`)
	// The JSON endpoint xlsx_report holds links only a server can host.
	_, err = e.Get("xlsx_report", "")
	wantStatus(t, err, StatusInvalidArgument, "bankscope_entity_xlsx")
}

// zipEntry is the text of one file inside a zip archive.
func zipEntry(t *testing.T, archive []byte, name string) string {
	t.Helper()
	r, err := zip.NewReader(bytes.NewReader(archive), int64(len(archive)))
	if err != nil {
		t.Fatal(err)
	}
	f, err := r.Open(name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	defer f.Close()
	text, err := io.ReadAll(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return string(text)
}

func TestBadResourceName(t *testing.T) {
	e := newEntity(t, nil)
	_, err := e.Get("monthly", "")
	wantStatus(t, err, StatusInvalidArgument, `unknown resource "monthly"`)
	_, err = e.Get("accounts", "some-account")
	wantStatus(t, err, StatusInvalidArgument, "account_id")
}

func TestClosedEntityIsNullArgument(t *testing.T) {
	e, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	e.Close()
	e.Close()
	// The handle is NULL now: the library refuses it by name instead of crashing.
	_, err = e.Get("accounts", "")
	wantStatus(t, err, StatusNullArgument, "entity is NULL")
	_, err = e.AddPDF([]byte("x"), "", "")
	wantStatus(t, err, StatusNullArgument, "entity is NULL")
	_, err = e.XLSX("")
	wantStatus(t, err, StatusNullArgument, "entity is NULL")
}

func TestStatusNamesAndVersion(t *testing.T) {
	if StatusPasswordIncorrect.String() != "PASSWORD_INCORRECT" || int32(StatusPasswordIncorrect) != 10 {
		t.Fatalf("%s = %d", StatusPasswordIncorrect, int32(StatusPasswordIncorrect))
	}
	if Status(99).String() != "UNKNOWN" {
		t.Fatalf("status 99 is %s", Status(99))
	}
	if v := Version(); v == "" || strings.Count(v, ".") != 2 {
		t.Fatalf("version %q", v)
	}
}

// Goroutines sharing one entity read in parallel, and each failure carries its
// own message although the library keeps messages per OS thread.
func TestConcurrentReadsKeepTheirOwnErrors(t *testing.T) {
	e := newEntity(t, nil)
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				name := fmt.Sprintf("nope-%d-%d", g, i)
				_, err := e.Get(name, "")
				var be *Error
				if !errors.As(err, &be) || be.Message != fmt.Sprintf("unknown resource %q", name) {
					errs <- fmt.Errorf("%s: got %v", name, err)
					return
				}
				if _, err := e.Get("accounts", ""); err != nil {
					errs <- err
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}
