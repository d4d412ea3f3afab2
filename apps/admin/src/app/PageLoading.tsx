/** Shown while a screen's code loads (plain CSS, so the entry chunk does not need antd's Spin). */
export function PageLoading() {
  return (
    <div className="bo-page-loading" role="progressbar" aria-busy="true">
      <span className="bo-spinner" />
    </div>
  );
}
