// Owns the placeholder a visitor sees while the profile loads: the shape of the page, six gift cards.
export function ProfileSkeleton() {
  return (
    <div className="qv-stack" aria-busy="true" aria-label="Loading profile">
      <div className="qv-head">
        <div className="qv-skeleton" style={{ width: 96, height: 96, borderRadius: '50%' }} />
        <div className="qv-skeleton" style={{ width: 200, height: 28 }} />
        <div className="qv-skeleton" style={{ width: 320, maxWidth: '90%', height: 14 }} />
      </div>
      <div className="qv-grid">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="qv-skeleton" style={{ height: 320 }} />
        ))}
      </div>
    </div>
  )
}
