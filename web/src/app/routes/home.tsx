import { GdprNotice } from '../../features/home/components/gdpr-notice';
import { HomeHeader } from '../../features/home/components/home-header';
import { QuickActions } from '../../features/home/components/quick-actions';
import { TopUserCard } from '../../features/rankings/components/top-user-card';
import { RoomsBrowser } from '../../features/rooms/components/rooms-browser';

/** /home: the room tree, with Top User and Quick Actions beside it (stacked under 768 px). */
export default function HomeRoute() {
  return (
    <section aria-labelledby="page-title">
      <HomeHeader />
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_17rem]">
        <RoomsBrowser />
        <aside aria-label="Sidebar" className="flex flex-col gap-4">
          <TopUserCard />
          <QuickActions />
        </aside>
      </div>
      <GdprNotice />
    </section>
  );
}
