package roster

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// Limits bound what an upload may hold. Zero fields take the defaults.
type Limits struct {
	// MaxUpload is the largest zip accepted, in bytes (default 64 MiB).
	MaxUpload int64
	// MaxUncompressed bounds the total size of the CSV files after
	// unzipping (default 200 MiB, ten times a 100,000-student district).
	MaxUncompressed int64
	// MaxFiles bounds the number of entries in the zip (default 64).
	MaxFiles int
	// MaxRatio bounds uncompressed/compressed size of any entry, against
	// zip bombs (default 200; CSV compresses about 5-10 times).
	MaxRatio int64
}

func (l Limits) normalized() Limits {
	if l.MaxUpload <= 0 {
		l.MaxUpload = 64 << 20
	}
	if l.MaxUncompressed <= 0 {
		l.MaxUncompressed = 200 << 20
	}
	if l.MaxFiles <= 0 {
		l.MaxFiles = 64
	}
	if l.MaxRatio <= 0 {
		l.MaxRatio = 200
	}
	return l
}

// Source is the set of files of one upload, by base name ("users.csv").
type Source struct {
	files map[string][]byte
}

// Names returns the file names of the source in order.
func (s Source) Names() []string {
	names := make([]string, 0, len(s.files))
	for n := range s.files {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// NewSource returns a source of the given files (name to content), for
// tests and callers that already hold the files.
func NewSource(files map[string][]byte) Source {
	m := make(map[string][]byte, len(files))
	for n, b := range files {
		m[path.Base(n)] = b
	}
	return Source{files: m}
}

// skipped reports whether a zip or folder entry is operating-system litter.
func skipped(name string) bool {
	base := path.Base(name)
	return strings.HasPrefix(name, "__MACOSX/") || strings.HasPrefix(base, ".") || base == "Thumbs.db"
}

// ReadZip reads the files of a zip archive. Files may sit in one folder
// inside the archive. It returns ErrNotZip for an unreadable archive and
// ErrTooLarge past the limits: too many entries, too much uncompressed
// data (declared or actual) or an entry that expands suspiciously.
func ReadZip(data []byte, lim Limits) (Source, error) {
	lim = lim.normalized()
	if int64(len(data)) > lim.MaxUpload {
		return Source{}, ErrTooLarge
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return Source{}, ErrNotZip
	}
	if len(zr.File) > lim.MaxFiles {
		return Source{}, ErrTooLarge
	}
	src := Source{files: map[string][]byte{}}
	var total int64
	for _, f := range zr.File {
		if f.FileInfo().IsDir() || skipped(f.Name) {
			continue
		}
		declared := int64(f.UncompressedSize64)
		if declared > lim.MaxUncompressed || total+declared > lim.MaxUncompressed {
			return Source{}, ErrTooLarge
		}
		if c := int64(f.CompressedSize64); declared > 1<<20 && declared > c*lim.MaxRatio {
			return Source{}, ErrTooLarge
		}
		rc, err := f.Open()
		if err != nil {
			return Source{}, ErrNotZip
		}
		// Declared sizes can lie: read at most what is left of the budget.
		b, err := io.ReadAll(io.LimitReader(rc, lim.MaxUncompressed-total+1))
		rc.Close()
		if err != nil {
			return Source{}, ErrNotZip
		}
		total += int64(len(b))
		if total > lim.MaxUncompressed {
			return Source{}, ErrTooLarge
		}
		name := path.Base(f.Name)
		if _, dup := src.files[name]; dup {
			return Source{}, fmt.Errorf("%w: %s appears twice in the archive", ErrNotZip, name)
		}
		src.files[name] = b
	}
	return src, nil
}

// CheckZip checks an upload's zip directory against the limits without
// unpacking it (ReadZip enforces them again on the actual data).
func CheckZip(data []byte, lim Limits) error {
	lim = lim.normalized()
	if int64(len(data)) > lim.MaxUpload {
		return ErrTooLarge
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return ErrNotZip
	}
	if len(zr.File) > lim.MaxFiles {
		return ErrTooLarge
	}
	var total uint64
	for _, f := range zr.File {
		total += f.UncompressedSize64
		declared, c := int64(f.UncompressedSize64), int64(f.CompressedSize64)
		if total > uint64(lim.MaxUncompressed) || (declared > 1<<20 && declared > c*lim.MaxRatio) {
			return ErrTooLarge
		}
	}
	return nil
}

// ReadPath reads a zip file or a folder of CSV files.
func ReadPath(p string, lim Limits) (Source, error) {
	lim = lim.normalized()
	st, err := os.Stat(p)
	if err != nil {
		return Source{}, err
	}
	if !st.IsDir() {
		if st.Size() > lim.MaxUpload {
			return Source{}, ErrTooLarge
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return Source{}, err
		}
		return ReadZip(b, lim)
	}
	entries, err := os.ReadDir(p)
	if err != nil {
		return Source{}, err
	}
	src := Source{files: map[string][]byte{}}
	var total int64
	for _, e := range entries {
		if e.IsDir() || skipped(e.Name()) {
			continue
		}
		info, err := e.Info()
		if err != nil {
			return Source{}, err
		}
		if total += info.Size(); total > lim.MaxUncompressed {
			return Source{}, ErrTooLarge
		}
		b, err := os.ReadFile(filepath.Join(p, e.Name()))
		if err != nil {
			return Source{}, err
		}
		src.files[e.Name()] = b
	}
	return src, nil
}

// Zip packs the source into a zip archive (for uploads and exports).
func (s Source) Zip() ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range s.Names() {
		w, err := zw.Create(n)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(s.files[n]); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// File returns the content of the named file and whether it exists.
func (s Source) File(name string) ([]byte, bool) {
	b, ok := s.files[name]
	return b, ok
}
