import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { courseSearchResponse, type CourseSearchResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

export const courseKeys = {
  search: (q: string) => ['matchmaking', 'courses', q.trim().toLowerCase()] as const,
};

/** GET /api/courses/?q=: the courses a typed code or name may mean, closest first. */
export function searchCourses(q: string): Promise<CourseSearchResponse> {
  return checked.get(`/api/courses/?q=${encodeURIComponent(q.trim())}`, courseSearchResponse);
}

/** Course suggestions while a course field is typed in; the last answer stays while the next loads. */
export function useCourseSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: courseKeys.search(q),
    queryFn: () => searchCourses(q),
    enabled: enabled && q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
