"""
The report on a file
====================

``sklearn-prcurves report`` reads a CSV or Parquet file of labels and scores (any
size: it streams) and reports every area with its interval, which model each would
select, and a verdict tested on the rows. Here it runs on a small CSV written first;
from a shell it is ``sklearn-prcurves report scores.csv --label y --score a --score b``.
"""

# %%
# sphinx_gallery_thumbnail_path = "_static/thumbs/report.png"
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

rng = np.random.default_rng(0)
n = 5000
y = (rng.random(n) < 0.05).astype(int)
a = rng.normal(size=n) + 1.6 * y
b = np.where(rng.random(n) < 0.3, rng.normal(size=n) + 3 * y, rng.normal(size=n))
folder = Path(tempfile.mkdtemp())
path = folder / "scores.csv"
with path.open("w") as out:
    out.write("y,a,b\n")
    for row in zip(y, a, b):
        out.write(f"{row[0]},{row[1]:.6f},{row[2]:.6f}\n")

# %%
# The table, the verdict and the tests (figures, results.json and report.html go to
# the --output folder).
result = subprocess.run(
    [sys.executable, "-m", "sklearn_prcurves", "report", str(path), "--label", "y",
     "--score", "a", "--score", "b", "--at-precision", "0.5",
     "--output", str(folder / "report"), "--no-progress"],
    capture_output=True, text=True, check=True)
print(result.stdout)

# %%
# One of the figures the report wrote: the models' precision-recall curves (the
# right panel shows precision on a log scale, readable at low prevalence).
import matplotlib.image
import matplotlib.pyplot as plt

figure = sorted((folder / "report").glob("*pr*.png"))[0]
fig, ax = plt.subplots(figsize=(9, 4.5))
ax.imshow(matplotlib.image.imread(figure))
ax.set_axis_off()
plt.show()
