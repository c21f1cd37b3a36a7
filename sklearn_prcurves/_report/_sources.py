"""Reading the report's input in columnar batches: CSV, TSV, compressed CSV, Parquet
files, folders and globs, and standard input.

pyarrow reads every format batch by batch (its streaming CSV reader, Parquet row
groups through ``pyarrow.dataset``), so a cell never becomes a Python object and
memory does not grow with the file. Each batch is turned into NumPy arrays
(positives as booleans, scores and weights as float64) by
:class:`~._batches.BatchConverter`.
"""

import contextlib
import csv
import glob
import io
import itertools
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

import numpy as np

from .._base._messages import InputError
from ._batches import not_a_number_hint, parses_as_float

__all__ = ["Source", "TableSource", "import_pyarrow", "open_source"]

# Rows per batch: large enough that per-batch overhead vanishes, small enough that a
# batch's arrays stay a few tens of MB.
BATCH_ROWS = 1 << 20
# pyarrow holds several blocks at once (about 15 times a block in all): small blocks,
# gathered into batches of BATCH_ROWS rows, keep reading fast and memory small.
_CSV_BLOCK_BYTES = 1 << 20
# The largest block the CSV reader grows to for a long row (memory: ~15 blocks).
_CSV_MAX_BLOCK_BYTES = 1 << 26

_COMPRESSION_MAGIC = {b"\x1f\x8b": "gzip", b"\x28\xb5\x2f\xfd": "zstd", b"BZh": "bz2"}
_COMPRESSION_SUFFIX = {".gz": "gzip", ".gzip": "gzip", ".zst": "zstd", ".zstd": "zstd",
                       ".bz2": "bz2"}
_PARQUET_SUFFIXES = (".parquet", ".pq", ".parq")
_ARROW_SUFFIXES = (".arrow", ".arrows", ".feather", ".ipc")
# An Arrow IPC stream opens with a continuation marker (the file format with ARROW1).
_ARROW_STREAM_MAGIC = b"\xff\xff\xff\xff"
_TEXT_SUFFIXES = (".csv", ".tsv", ".tab")
# Files the report does not read, known by their first bytes: what to do instead.
_SAVE_AS = ("save the sheet as CSV, or read it with pandas and pass its columns to "
            "sklearn_prcurves.report from Python")
_FOREIGN_MAGIC = {
    b"\xd0\xcf\x11\xe0": f"is an Excel 97-2003 workbook: {_SAVE_AS}",
    b"\xfd7zXZ\x00": ("is compressed with xz, which the report does not read: decompress it, "
                     "or compress it with gzip, bzip2 or zstd"),
    b"FEA1": ("is a Feather version 1 file, which pyarrow no longer writes: save it again "
              "(pandas.read_feather(path).to_feather(new_path)) or as Parquet"),
    b"\x93NUMPY": ("is a NumPy array file: pass its arrays to sklearn_prcurves.report "
                   "(np.load), or save them as columns of a Parquet or CSV file"),
    **{b"\x80" + bytes([protocol]): (
        "is a Python pickle, which the report does not read (loading one can run any "
        "code): save the frame with DataFrame.to_parquet(new_path)") for protocol in range(2, 6)},
}


def import_pyarrow():
    try:
        import pyarrow  # noqa: F401
        import pyarrow.compute  # noqa: F401
        import pyarrow.csv  # noqa: F401
        import pyarrow.dataset  # noqa: F401
    except ImportError:
        raise InputError(
            "the report reads files with pyarrow: pip install 'sklearn-prcurves[report]'"
        ) from None
    return pyarrow


class Source:
    """One input: a list of files of one format, read batch by batch.

    Parameters
    ----------
    paths : list of Path
        CSV-like, Parquet or Arrow IPC (Feather) files: one or more of one kind.
    kind : {"csv", "parquet", "arrow"}
    display : str
        How the input is named in messages.
    delimiter : str or None
        CSV only; None takes "," or, for ``.tsv``/``.tab`` files, a tab.
    spooled : bool
        The file is a temporary copy of standard input (removed by :meth:`close`).
    """

    def __init__(self, paths, kind, display, delimiter=None, spooled=False):
        self.paths = paths
        self._delimiter_given = delimiter  # (each file's own default where None)
        self.kind = kind
        self.display = display
        self.spooled = spooled
        self.delimiter = delimiter or (
            "\t" if kind == "csv" and _plain_suffix(paths[0]) in (".tsv", ".tab") else ","
        )
        self.n_bytes = sum(p.stat().st_size for p in paths)
        # Columns named by the folders (``month=2026-01/part-0.parquet``, as Spark and
        # pyarrow write partitioned data): {path: {column: value}}.
        self.partitions = _hive_partitions(paths)
        # Score columns of a CSV read as text and converted batch by batch, integers
        # exactly (see ExactIntegersNeeded).
        self.exact_columns = set()

    def split(self):
        """The input as parts read independently: one per file."""
        if len(self.paths) == 1:
            return [self]
        parts = [Source([path], self.kind, path.name, self._delimiter_given)
                 for path in self.paths]
        for part in parts:
            part.exact_columns = self.exact_columns
            part.partitions = {path: self.partitions[path] for path in part.paths
                               if path in self.partitions}
        return parts

    def close(self):
        if self.spooled:
            for path in self.paths:
                path.unlink(missing_ok=True)

    # --- columns ------------------------------------------------------------------

    def column_names(self):
        if self.kind == "parquet":
            names = list(self._dataset().schema.names)
        elif self.kind == "arrow":
            reader, mapped = _arrow_file(self.paths[0], self.display)
            names = list(reader.schema.names)
            mapped.close()
        else:
            names = _csv_header(self.paths[0], self.display, self.delimiter)
        keys = self.partitions.get(self.paths[0], {})
        return names + [key for key in keys if key not in names]

    def check_columns(self, wanted):
        if self.kind == "csv" and len(self.paths) > 1:  # (every text file its header)
            for part in self.split():
                part.check_columns(wanted)
            return
        names = self.column_names()
        missing = [name for name in wanted if name not in names]
        if missing:
            shown = ", ".join(map(repr, names[:30])) + (" ..." if len(names) > 30 else "")
            raise InputError(f"no column {missing[0]!r} in {self.display}; columns are: "
                             f"{shown}{self._header_hint(names, missing[0])}")
        repeated = [name for name in dict.fromkeys(wanted) if names.count(name) > 1]
        if repeated:
            # Which of two columns of one name is meant cannot be told: never choose.
            raise InputError(f"{self.display} has {names.count(repeated[0])} columns named "
                             f"{repeated[0]!r}; rename them so that each is named once")

    def _with_partitions(self, path, columns, batch):
        """``{name: array}`` of a batch, the columns its folders name added."""
        import pyarrow as pa

        keys = self.partitions.get(path, {})
        arrays = {}
        for name in columns:
            if name in batch.schema.names:
                arrays[name] = batch.column(name)
            else:  # one value throughout: a dictionary of it
                arrays[name] = pa.DictionaryArray.from_arrays(
                    pa.array(np.zeros(batch.num_rows, np.int32)),
                    pa.array([keys[name]], pa.string()))
        return arrays

    def _file_columns(self, path, columns, names):
        """The ``columns`` to read from a file with columns ``names`` (a column of the
        file's own wins over a folder's of the same name, as :meth:`column_names`
        says)."""
        keys = self.partitions.get(path, {})
        return [name for name in columns if name in names or name not in keys]

    def _header_hint(self, names, wanted):
        """Why a CSV header may lack a column that is there: another separator, or
        spaces after the separators (both common in files written by hand or by
        spreadsheets)."""
        if self.kind != "csv":
            return ""
        first = self.delimiter.join(names)
        if first.startswith("sep=") and len(first) in (4, 5):
            sep = first[4:] or self.delimiter
            option = "" if sep == self.delimiter else (
                f", and pass --sep '{chr(92) + 't' if sep == chr(9) else sep}'")
            return (f" (the first line, {first!r}, is Excel's note of the separator: delete "
                    f"that line{option})")
        if len(names) == 1:
            for sep, option, what in ((";", ";", "semicolons"), ("\t", "\\t", "tabs"),
                                      ("|", "|", "'|'")):
                if sep != self.delimiter and sep in names[0]:
                    return f" (one column: is the file separated by {what}? pass --sep '{option}')"
        padded = [name for name in names if name.strip() == wanted.strip()]
        if len(padded) == 1:
            return (f" (the header has {padded[0]!r}, with spaces around the name: "
                    f"ask for {padded[0]!r}, or write the file without them)")
        return ""

    def n_rows(self):
        """Rows in the input when known without reading it (Parquet), else None."""
        if self.kind != "parquet":
            return None
        return sum(fragment.count_rows() for fragment in self._dataset().get_fragments())

    # --- batches ------------------------------------------------------------------

    def batches(self, columns, text_columns=(), number_columns=None):
        """Yield ``(first_row, progress_bytes, {name: pyarrow.Array})`` batch by batch.

        ``number_columns``: ``{name: "score" or "weight"}`` of the columns read as
        numbers (CSV: typed as such; their bad cells named with a hint).

        ``first_row`` counts data rows from 1; ``progress_bytes`` is how much of the
        input has been consumed (an estimate for compressed CSV).
        """
        if self.kind == "parquet":
            batches = self._parquet_batches(columns)
        elif self.kind == "arrow":
            batches = self._arrow_batches(columns)
        else:
            yield from self._csv_batches(columns, text_columns, number_columns or {})
            return
        for first_row, position, arrays in batches:
            yield first_row, position, {name: _without_views(array)
                                        for name, array in arrays.items()}

    def _dataset(self):
        pa = import_pyarrow()
        try:
            return pa.dataset.dataset([str(p) for p in self.paths], format="parquet")
        except Exception as exc:  # noqa: BLE001 - pyarrow raises many types for bad files
            raise InputError(f"{self.display} is not a readable Parquet input "
                             f"({_first_line(exc)})") from None

    def _parquet_batches(self, columns):
        import pyarrow.parquet as pq

        row = 1
        total = max(self.n_rows() or 1, 1)
        for path in self.paths:
            try:
                # One row group at a time (pyarrow's batch iterator reads further ahead
                # and holds several times the memory): a row group or two, whatever the
                # file's size.
                parquet = pq.ParquetFile(str(path))
                read = self._file_columns(path, columns, parquet.schema_arrow.names)
                batches = (batch for group in range(parquet.metadata.num_row_groups)
                           for batch in parquet.read_row_group(group, columns=read)
                           .to_batches(max_chunksize=BATCH_ROWS))
                for batch in batches:
                    if batch.num_rows == 0:
                        continue
                    arrays = self._with_partitions(path, columns, batch)
                    yield row, self.n_bytes * min(1.0, (row + batch.num_rows) / total), arrays
                    row += batch.num_rows
            except (InputError, GeneratorExit):
                raise
            except Exception as exc:  # noqa: BLE001 - pyarrow raises many types
                raise InputError(f"{path.name} could not be read ({_first_line(exc)})") from None

    def _arrow_batches(self, columns):
        row, done = 1, 0
        for path in self.paths:
            reader, mapped = _arrow_file(path, path.name)
            size = path.stat().st_size
            try:
                count = reader.num_record_batches
                for i in range(count):
                    # (memory-mapped: a batch is read as its columns are used)
                    batch = reader.get_batch(i).select(
                        self._file_columns(path, columns, reader.schema.names))
                    for start in range(0, batch.num_rows, BATCH_ROWS):
                        piece = batch.slice(start, BATCH_ROWS)
                        arrays = self._with_partitions(path, columns, piece)
                        yield row, done + size * (i + 1) // count, arrays
                        row += piece.num_rows
            except (InputError, GeneratorExit):
                raise
            except Exception as exc:  # noqa: BLE001 - pyarrow raises many types
                raise InputError(f"{path.name} could not be read ({_first_line(exc)})") from None
            finally:
                mapped.close()
            done += size

    def _csv_batches(self, columns, text_columns, number_columns):
        """:meth:`batches` of a CSV file. pyarrow reads in blocks that must hold a
        whole row: a row longer than a block (a free-text field of megabytes) makes it
        give up, and the file is read again with blocks 16 times larger, the rows
        already yielded skipped."""
        if len(self.paths) > 1:  # one file after the other, rows and bytes counted on
            rows = position = 0
            for part in self.split():
                last = 0
                for first_row, consumed, arrays in part._csv_batches(
                        columns, text_columns, number_columns):
                    yield (rows + first_row, None if consumed is None else position + consumed,
                           arrays)
                    last = first_row - 1 + len(next(iter(arrays.values())))
                rows, position = rows + last, position + part.n_bytes
            return
        block, done = _CSV_BLOCK_BYTES, 0
        while True:
            try:
                for first_row, consumed, arrays in self._csv_blocks(
                        columns, text_columns, number_columns, block, done):
                    yield first_row, consumed, arrays
                    done = first_row - 1 + len(next(iter(arrays.values())))
                return
            except _RowLongerThanBlock:
                if block >= _CSV_MAX_BLOCK_BYTES:
                    raise InputError(
                        f"{self.display} has a row longer than "
                        f"{_CSV_MAX_BLOCK_BYTES >> 20} MiB, which this reader does not "
                        "take") from None
                block *= 16

    def _csv_blocks(self, columns, text_columns, number_columns, block, skip):
        pa = import_pyarrow()
        path = self.paths[0]
        types = {name: pa.string() for name in text_columns}
        types.update({name: pa.string() if name in self.exact_columns else pa.float64()
                      for name in number_columns})
        included = list(columns)
        if self.partitions.get(path):
            included = self._file_columns(path, columns, _csv_header(
                path, self.display, self.delimiter))
            types = {name: kind for name, kind in types.items() if name in included}
        convert = pa.csv.ConvertOptions(
            include_columns=included, column_types=types,
            # A text label "NA" is a label; only an empty cell is missing, checked later.
            strings_can_be_null=False,
        )
        parse = pa.csv.ParseOptions(delimiter=self.delimiter)
        read = pa.csv.ReadOptions(block_size=block, encoding=_encoding(path) or "utf8")
        compression = _compression(path)
        stream = pa.input_stream(str(path), compression=compression)
        row = skip + 1
        try:
            reader = pa.csv.open_csv(stream, read_options=read, parse_options=parse,
                                     convert_options=convert)
            pending, rows = [], 0
            for batch in itertools.chain(reader, [None]):
                if batch is not None:
                    if skip:  # rows yielded by an earlier attempt
                        taken = min(skip, batch.num_rows)
                        batch, skip = batch.slice(taken), skip - taken
                        if batch.num_rows == 0:
                            continue
                    pending.append(batch)
                    rows += batch.num_rows
                    if rows < BATCH_ROWS:
                        continue
                if rows == 0:
                    continue
                batch = pa.RecordBatch.from_arrays(
                    [pa.concat_arrays([b.column(name) for b in pending]) for name in included],
                    names=included)
                arrays = self._with_partitions(path, columns, batch)
                yield row, _consumed(stream, self.n_bytes, compression), arrays
                row += rows
                pending, rows = [], 0
        except (InputError, GeneratorExit):
            raise
        except Exception as exc:  # noqa: BLE001 - find the row and say what is wrong
            if "straddl" in str(exc):
                raise _RowLongerThanBlock() from None
            raise _locate_csv_error(self, columns, number_columns, exc) from None
        finally:
            stream.close()


class _RowLongerThanBlock(Exception):
    """pyarrow's CSV reader met a row longer than its block."""


def _consumed(stream, total, compression):
    try:
        position = stream.tell()
    except Exception:  # noqa: BLE001 - some compressed streams cannot tell
        return None
    return min(position, total) if compression is None else None


def _plain_suffix(path):
    suffixes = [s.lower() for s in Path(path).suffixes]
    while suffixes and suffixes[-1] in _COMPRESSION_SUFFIX:
        suffixes.pop()
    return suffixes[-1] if suffixes else ""


def _compression(path):
    with open(path, "rb") as handle:
        head = handle.read(4)
    for magic, name in _COMPRESSION_MAGIC.items():
        if head.startswith(magic):
            return name
    return None


def _without_views(array):
    """``array`` with Arrow's view types (polars writes its strings and categoricals'
    values as string_view) as their plain types, which every pyarrow kernel takes."""
    import pyarrow as pa

    if not hasattr(pa.types, "is_string_view"):  # (pyarrow before 16 has no view types)
        return array

    def plain(kind):
        if pa.types.is_string_view(kind):
            return pa.string()
        return pa.binary() if pa.types.is_binary_view(kind) else None

    kind = array.type
    if pa.types.is_dictionary(kind) and plain(kind.value_type) is not None:
        chunks = array.chunks if isinstance(array, pa.ChunkedArray) else [array]
        decoded = [chunk.dictionary.cast(plain(kind.value_type)).take(chunk.indices)
                   for chunk in chunks]
        return (pa.chunked_array(decoded, plain(kind.value_type))
                if isinstance(array, pa.ChunkedArray) else decoded[0])
    return array if plain(kind) is None else array.cast(plain(kind))


def _first_line(exc):
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _text_lines(source):
    """The CSV file's decoded text, line by line (for headers and error hunting)."""
    import pyarrow as pa

    raw = pa.input_stream(str(source.paths[0]), compression=_compression(source.paths[0]))
    return io.TextIOWrapper(raw, encoding=_encoding(source.paths[0]) or "utf-8-sig",
                            newline="")


# Byte-order marks, longest first (UTF-32 LE's begins with UTF-16 LE's).
_BOMS = ((b"\xff\xfe\x00\x00", "utf-32"), (b"\x00\x00\xfe\xff", "utf-32"),
         (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16"))


def _encoding(path):
    """The text's encoding where it is not UTF-8, from its first (decompressed) bytes,
    else None: UTF-16 and UTF-32 by their byte-order marks (Excel's "Unicode Text",
    Windows PowerShell's redirections), or without one by where their zero bytes fall
    in the header's ASCII characters."""
    import pyarrow as pa

    with pa.input_stream(str(path), compression=_compression(path)) as stream:
        head = stream.read(64)
    for bom, name in _BOMS:
        if head.startswith(bom):
            return name
    if b"\x00" not in head[:8]:
        return None
    head = head[:len(head) // 4 * 4]
    for width, name in ((4, "utf-32"), (2, "utf-16")):
        for offset, order in ((0, "le"), (width - 1, "be")):
            chars = head[offset::width]
            others = bytes(b for i, b in enumerate(head) if i % width != offset)
            if chars and all(chars) and not any(others):
                return f"{name}-{order}"
    return None


def _not_utf8_hint(error):
    return (" (the file is not UTF-8: convert it first, e.g. iconv -f cp1252 -t utf-8)"
            if isinstance(error, UnicodeDecodeError) else "")


@contextlib.contextmanager
def _long_fields():
    """Python's csv module refuses fields over 128 KiB; a free-text column can hold
    megabytes. The limit is the process's: raised for the block, then restored."""
    saved = csv.field_size_limit()
    csv.field_size_limit(_CSV_MAX_BLOCK_BYTES)
    try:
        yield
    finally:
        csv.field_size_limit(saved)


def _csv_header(path, display, delimiter):
    import_pyarrow()
    source = Source.__new__(Source)
    source.paths = [path]
    try:
        with _long_fields(), _text_lines(source) as text:
            for header in csv.reader(text, delimiter=delimiter):
                if header:
                    return header
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise InputError(f"{display} is not a readable CSV file ({_first_line(exc)})"
                         f"{_not_utf8_hint(exc)}") from None
    except Exception as exc:  # noqa: BLE001 - pyarrow's decompression errors
        raise InputError(f"{display} could not be read ({_first_line(exc)})") from None
    raise InputError(f"{display} is empty")


def _locate_csv_error(source, columns, number_columns, exc):
    """An :class:`InputError` naming the line and column where pyarrow gave up.

    pyarrow's streaming reader says what is wrong but not where; this reads the file
    again, line by line, only when something is wrong.
    """
    message = _first_line(exc)
    try:
        with _long_fields(), _text_lines(source) as text:
            reader = csv.reader(text, delimiter=source.delimiter)
            header = next(reader)
            index = {name: header.index(name) for name in columns}
            for row in reader:
                if not row:
                    continue
                line = reader.line_num
                if len(row) != len(header):
                    return InputError(
                        f"{source.display} line {line} has {len(row)} fields, "
                        f"the header has {len(header)}"
                    )
                for name in number_columns:
                    cell = row[index[name]]
                    if cell.strip() and not parses_as_float(cell):
                        return InputError(
                            f"{source.display} line {line}, column {name!r}: "
                            f"{cell!r} is not a number"
                            f"{not_a_number_hint(cell, name, number_columns[name])}"
                        )
    except (UnicodeDecodeError, csv.Error) as error:
        return InputError(f"{source.display} is not a readable CSV file "
                          f"({_first_line(error)}){_not_utf8_hint(error)}")
    except Exception:  # noqa: BLE001 - fall back on pyarrow's own words
        pass
    return InputError(f"{source.display} could not be read ({message})")


def open_source(name, *, delimiter=None, stdin_format="csv"):
    """A :class:`Source` for a command-line file argument (``-`` is standard input)."""
    import_pyarrow()
    if name == "-":
        return _spool_stdin(stdin_format, delimiter)
    if any(ch in name for ch in "*?["):
        paths = sorted(Path(p) for p in glob.glob(name, recursive=True))
        paths = [p for p in paths if p.is_file()]
        if not paths:
            raise InputError(f"no file matches {name}")
    else:
        path = Path(name)
        if not path.exists():
            raise InputError(f"{name}: no such file or folder")
        if path.is_dir():
            files = [p for p in path.rglob("*") if p.is_file()]
            for suffixes, kind in ((_PARQUET_SUFFIXES, "parquet"), (_ARROW_SUFFIXES, "arrow"),
                                   (_TEXT_SUFFIXES, "csv")):
                paths = sorted(p for p in files if _plain_suffix(p) in suffixes)
                if paths:
                    break
            else:
                raise InputError(f"folder {name} holds no Parquet (*.parquet), Arrow "
                                 "(*.arrow, *.feather) or CSV (*.csv, *.tsv) files")
            return Source(paths, kind, name, delimiter)
        paths = [path]
    kinds = {_kind(p, p.name if len(paths) > 1 else name) for p in paths}
    if len(kinds) > 1:
        raise InputError(f"{name} mixes {' and '.join(sorted(kinds))} files; pass one kind")
    kind = kinds.pop()
    display = paths[0].name if len(paths) == 1 else f"{name} ({len(paths)} files)"
    return Source(paths, kind, display, delimiter)


def _kind(path, display):
    """``"parquet"``, ``"arrow"`` or ``"csv"`` (any text, compressed or not), from the
    file's first bytes, else its suffix; formats the report does not read raise,
    saying what to do."""
    with open(path, "rb") as handle:
        head = handle.read(64)
    if head.startswith(b"PAR1"):
        return "parquet"
    if head.startswith(b"ARROW1") or head.startswith(_ARROW_STREAM_MAGIC):
        return "arrow"
    if head.startswith(b"PK\x03\x04"):
        raise InputError(f"{display} {_zip_advice(path)}")
    for magic, advice in _FOREIGN_MAGIC.items():
        if head.startswith(magic):
            raise InputError(f"{display} {advice}")
    # (a damaged file of a named kind is reported by that kind's reader)
    if path.suffix.lower() in _PARQUET_SUFFIXES:
        return "parquet"
    if path.suffix.lower() in _ARROW_SUFFIXES:
        return "arrow"
    if re.match(rb"(\xef\xbb\xbf)?\s*(\{\s*[\"}]|\[\s*[\[{\]])", head):
        raise InputError(
            f"{display} looks like JSON, which the report does not read (CSV, TSV, Parquet "
            "and Arrow files): convert it first, e.g. pandas.read_json(path) (lines=True "
            "for JSON Lines), then .to_parquet(new_path)")
    return "csv"


def _zip_advice(path):
    """What to do with a zip archive: an Excel workbook is one; ``to_csv("x.csv.zip")``
    and many downloads are zipped text, which the report reads once unzipped."""
    import zipfile

    try:
        names = zipfile.ZipFile(path).namelist()
    except (zipfile.BadZipFile, OSError):
        names = []
    if any(name.startswith("xl/") for name in names):
        return f"is an Excel workbook: {_SAVE_AS}"
    shown = ", ".join(repr(name) for name in names[:3]) + (" ..." if len(names) > 3 else "")
    return (f"is a zip archive{f' of {shown}' if names else ''}, which the report does not "
            "read: unzip it, or compress the text with gzip, bzip2 or zstd (pandas: "
            "to_csv('scores.csv.gz'))")


def _hive_partitions(paths):
    """``{path: {column: value}}`` from folders named ``column=value`` that every path
    has (values unquoted as Spark and pyarrow quote them; their null partition is
    missing)."""
    from urllib.parse import unquote

    found = {}
    for path in paths:
        keys = {}
        for folder in path.parent.parts:
            key, equals, value = folder.partition("=")
            if equals and key:
                keys[unquote(key)] = (None if value == "__HIVE_DEFAULT_PARTITION__"
                                      else unquote(value))
        found[path] = keys
    common = set.intersection(*(set(keys) for keys in found.values())) if found else set()
    return {path: {k: v for k, v in keys.items() if k in common}
            for path, keys in found.items() if common}


def _arrow_file(path, display):
    """``(reader, memory map)`` of an Arrow IPC file (Feather version 2)."""
    import pyarrow as pa

    try:
        mapped = pa.memory_map(str(path))
    except Exception as exc:  # noqa: BLE001 - pyarrow raises many types for bad files
        raise InputError(f"{display} is not a readable Arrow file ({_first_line(exc)})") \
            from None
    try:
        if mapped.read(4) == _ARROW_STREAM_MAGIC:
            return _ArrowStream(mapped), mapped
        return pa.ipc.open_file(mapped), mapped
    except Exception as exc:  # noqa: BLE001
        mapped.close()
        raise InputError(f"{display} is not a readable Arrow file ({_first_line(exc)})") \
            from None


class _ArrowStream:
    """An Arrow IPC stream (``pyarrow.ipc.new_stream``, ``.arrows``) read as a file
    is: its batches stay in the memory map (zero-copy), listed once."""

    def __init__(self, mapped):
        import pyarrow as pa

        mapped.seek(0)
        reader = pa.ipc.open_stream(mapped)
        self.schema = reader.schema
        self._batches = list(reader)
        self.num_record_batches = len(self._batches)

    def get_batch(self, index):
        return self._batches[index]


def _spool_stdin(stdin_format, delimiter):
    """Standard input copied to a temporary file: its format is told by its first
    bytes, Parquet and Arrow are read by seeking, refined bins (``--tolerance``) read
    the input twice, and a pipe can do none of these."""
    handle, name = tempfile.mkstemp(prefix="sklearn-prcurves-stdin-")
    path = Path(name)
    try:
        with os.fdopen(handle, "wb") as out:
            shutil.copyfileobj(sys.stdin.buffer, out, 1 << 22)
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    if path.stat().st_size == 0:
        path.unlink(missing_ok=True)
        raise InputError("standard input is empty")
    try:
        kind = "parquet" if stdin_format == "parquet" else _kind(path, "standard input")
    except InputError:
        path.unlink(missing_ok=True)
        raise
    if kind == "csv" and stdin_format == "tsv" and delimiter is None:
        delimiter = "\t"
    return Source([path], kind, "standard input", delimiter, spooled=True)


class TableSource(Source):
    """An in-memory ``pyarrow.Table`` read like a file (the demo, and tests)."""

    def __init__(self, table, display, first_row=1):
        # (first_row: the number messages give the first row; arrays count from 0)
        self.table, self.display, self.first_row = table, display, first_row
        self.paths, self.kind, self.spooled, self.delimiter = [], "table", False, ","
        self.exact_columns = set()
        self.n_bytes = table.nbytes

    def split(self):
        return [self]

    def column_names(self):
        return list(self.table.column_names)

    def n_rows(self):
        return self.table.num_rows

    def batches(self, columns, text_columns=(), number_columns=None):
        row, done = self.first_row, 0
        for batch in self.table.select(list(columns)).to_batches(max_chunksize=BATCH_ROWS):
            if batch.num_rows:
                done += batch.nbytes
                yield row, min(done, self.n_bytes), {n: batch.column(n) for n in columns}
                row += batch.num_rows
