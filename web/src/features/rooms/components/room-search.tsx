import { SearchInput } from '../../../components/ui/search-input';

/** 'Search all rooms...' with a clear button. */
export function RoomSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <SearchInput
      value={value}
      onChange={onChange}
      placeholder="Search all rooms..."
      label="Search all rooms"
    />
  );
}
