/** Hands a file the page fetched (with the session's token) to the browser as a download. */
export function saveFile(blob: Blob, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([blob], { type }));
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    a.style.display = 'none';
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Some browsers read the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
